import { expect, test, type Page, type Request } from '@playwright/test';
import { storedJson } from '../support/browser-state';
import { uniquePhone } from '../support/sms-outbox';
import { completeSignIn } from '../support/sign-in';

const MUG = '/en/products/porcelain-mug';

async function signInWithPhone(page: Page, phone: string) {
  await page.goto('/en/sign-in');
  await completeSignIn(page, phone);
  await expect(page).toHaveURL(/\/en\/account$/);
}

/** Puts one mug of `color` in the cart and opens checkout from the cart. */
async function checkoutMug(page: Page, color: string) {
  await page.goto(MUG);
  await page.getByRole('radio', { name: color }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/en/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/en\/checkout$/);
}

async function placePickupOrder(page: Page) {
  await page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order confirmed!')).toBeVisible();
}

/** Every PUT /api/profile the page sends from now on. */
function recordProfileUpdates(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/profile') {
      seen.push(request);
    }
  });
  return seen;
}

const nameBox = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });
const surnameBox = (page: Page) => page.getByRole('textbox', { name: 'Surname', exact: true });
const profileCard = (page: Page) => page.getByRole('region', { name: 'Profile' });

test.describe('checkout remembers the shopper name', () => {
  test('a new shopper types their name once: the next checkout is prefilled and the account shows it', async ({
    page,
  }) => {
    const profileUpdates = recordProfileUpdates(page);
    await signInWithPhone(page, uniquePhone());
    await expect(profileCard(page)).toContainText('Name not set');

    await checkoutMug(page, 'White');
    await expect(nameBox(page)).toHaveValue('');
    await expect(surnameBox(page)).toHaveValue('');
    await nameBox(page).fill('Gulnora');
    await surnameBox(page).fill('Rahimova');
    await placePickupOrder(page);
    // Waited for, so the reload below cannot cut the save short: the order itself does not wait.
    await expect
      .poll(() => profileUpdates.map((request) => request.postDataJSON() as unknown))
      .toEqual([{ name: 'Gulnora', surname: 'Rahimova' }]);
    expect((await profileUpdates[0]?.response())?.status()).toBe(200);
    await expect
      .poll(async () => (await storedJson<{ user?: { name?: string } }>(page, 'auth'))?.user?.name)
      .toBe('Gulnora');

    // Same session, second order: the recipient comes from the profile now.
    await checkoutMug(page, 'Terracotta');
    await expect(nameBox(page)).toHaveValue('Gulnora');
    await expect(surnameBox(page)).toHaveValue('Rahimova');
    await placePickupOrder(page);

    await page.goto('/en/account');
    await expect(profileCard(page)).toContainText('Gulnora Rahimova');
    // The profile already had a name for the second order, so nothing was saved again.
    expect(profileUpdates).toHaveLength(1);
  });

  test('a name set on the account page is never overwritten by an order for someone else', async ({
    page,
  }) => {
    await signInWithPhone(page, uniquePhone());
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await nameBox(page).fill('Aziza');
    await surnameBox(page).fill('Yusupova');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(profileCard(page)).toContainText('Aziza Yusupova');

    const profileUpdates = recordProfileUpdates(page);
    await checkoutMug(page, 'Blue');
    await expect(nameBox(page)).toHaveValue('Aziza');
    await nameBox(page).fill('Bobur');
    await surnameBox(page).fill('Aliyev');
    await placePickupOrder(page);

    await page.goto('/en/account');
    await expect(profileCard(page)).toContainText('Aziza Yusupova');
    expect(profileUpdates).toHaveLength(0);
  });
});

test('a mistyped email gets its own message, in each language, and nothing is saved', async ({
  page,
}) => {
  const cases = [
    {
      lang: 'en',
      edit: 'Edit profile',
      email: 'Email',
      save: 'Save',
      message: 'Enter an email like name@example.com',
    },
    {
      lang: 'ru',
      edit: 'Редактировать профиль',
      email: 'Эл. почта',
      save: 'Сохранить',
      message: 'Введите адрес почты в виде name@example.com',
    },
    {
      lang: 'uz',
      edit: 'Profilni tahrirlash',
      email: 'Elektron pochta',
      save: 'Saqlash',
      message: 'Elektron pochtani name@example.com koʻrinishida kiriting',
    },
  ];
  const profileUpdates = recordProfileUpdates(page);
  await signInWithPhone(page, uniquePhone());
  for (const c of cases) {
    await page.goto(`/${c.lang}/account`);
    await page.getByRole('button', { name: c.edit }).click();
    const email = page.getByRole('textbox', { name: c.email, exact: true });
    await email.fill('aziza.example.com');
    await page.getByRole('button', { name: c.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'name@example.com' })).toHaveText(
      c.message,
    );
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(c.message);
  }
  expect(profileUpdates).toHaveLength(0);
});
