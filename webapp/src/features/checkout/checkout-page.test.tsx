import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartItemFor } from '../../testing/cart-items';
import { renderCheckout } from '../../testing/checkout-screen';
import { latestCardCode, phoneSeries } from '../../testing/shopper';

const nextPhone = phoneSeries(21);
/** Payme's published test card, which the backend's sandbox accepts. */
const TEST_CARD = '8600069195406311';

const alert = () => screen.queryByRole('alert');
const placeOrder = async () => {
  const button = await screen.findByRole('button', { name: 'Place order' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  return button;
};

describe('the checkout page’s messages', () => {
  it('“Please check the form.” names what is left, and goes once the form is put right', async () => {
    const { item } = await cartItemFor('porcelain-mug');
    const { user } = await renderCheckout({ phone: nextPhone(), items: [item] });
    await user.click(await placeOrder());

    // The first problem in page order, in words, and the cursor taken there.
    expect(alert()).toHaveTextContent('Please check the form. Choose a shop to pick up from.');
    const shops = screen.getByRole('radiogroup', { name: 'Choose a shop' });
    const firstShop = within(shops).getAllByRole('radio')[0];
    expect(firstShop).toHaveFocus();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const surname = screen.getByRole('textbox', { name: 'Surname' });
    expect(name).toHaveAccessibleDescription('Enter the name.');
    expect(surname).toHaveAccessibleDescription('Enter the surname.');

    if (!firstShop) throw new Error('the shop lists no shops');
    await user.click(firstShop);
    expect(shops).not.toHaveAttribute('aria-invalid');
    expect(alert()).toHaveTextContent('Please check the form. Enter the name.');

    await user.type(name, 'Dilnoza');
    expect(name).not.toHaveAccessibleDescription('Enter the name.');
    expect(alert()).toHaveTextContent('Please check the form. Enter the surname.');

    await user.type(surname, 'Karimova');
    expect(surname).not.toHaveAccessibleDescription('Enter the surname.');
    expect(alert()).not.toBeInTheDocument();
  });

  it('“Choose a card or add a new one.” goes once a card is added and chosen', async () => {
    const { item } = await cartItemFor('porcelain-mug');
    const phone = nextPhone();
    const { user } = await renderCheckout({ phone, items: [item] });
    const button = await placeOrder();
    const shops = screen.getByRole('radiogroup', { name: 'Choose a shop' });
    const firstShop = within(shops).getAllByRole('radio')[0];
    if (!firstShop) throw new Error('the shop lists no shops');
    await user.click(firstShop);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Dilnoza');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Karimova');
    await user.click(screen.getByRole('radio', { name: /Card online/ }));
    // A shopper without saved cards gets the new card's form at once.
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.click(button);

    expect(alert()).toHaveTextContent('Please check the form. Choose a card or add a new one.');
    expect(screen.getAllByText('Choose a card or add a new one.')).toHaveLength(1);

    await user.type(number, TEST_CARD);
    await user.type(screen.getByRole('textbox', { name: 'Valid thru (MM/YY)' }), '0399');
    // The bank texts the number the shopper signed in with, offered already.
    expect(
      screen.getByRole('textbox', { name: 'Phone number linked to the card' }),
    ).not.toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('textbox', { name: 'Code from SMS' });
    await user.type(code, await latestCardCode(TEST_CARD.slice(-4)));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const saved = await screen.findByRole('radiogroup', { name: 'Saved cards' });
    expect(within(saved).getByRole('radio')).toBeChecked();
    expect(screen.queryByText('Choose a card or add a new one.')).not.toBeInTheDocument();
    expect(alert()).not.toBeInTheDocument();
  });

  it('in Russian: the first invalid field takes the cursor, each error tied to its field', async () => {
    const { item } = await cartItemFor('porcelain-mug', { lang: 'ru' });
    const { user } = await renderCheckout({ phone: nextPhone(), items: [item], lang: 'ru' });
    const button = await screen.findByRole('button', { name: 'Подтвердить заказ' });
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    await user.click(screen.getByRole('radio', { name: /^Доставка курьером/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Регион' }), 'khorezm');
    await user.type(screen.getByRole('textbox', { name: 'Город или район' }), 'Хива');
    await user.type(screen.getByRole('textbox', { name: 'Улица и дом' }), 'Ичан-Кала, 1');
    await user.click(button);

    const name = screen.getByRole('textbox', { name: 'Имя' });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Укажите имя.');
    expect(screen.getByRole('textbox', { name: 'Фамилия' })).toHaveAccessibleDescription(
      'Укажите фамилию.',
    );
    expect(alert()).toHaveTextContent('Проверьте форму. Укажите имя.');
    // Nothing was sent: the page is still the form.
    expect(window.location.pathname).toBe('/ru/checkout');
  });
});
