import {
  allowedPaymentTypes,
  deliveryPrice,
  formatMoney,
  orderTotals,
  REGION_SLUGS,
  regionName,
  type CartItem,
  type DeliveryMethod,
  type DeliverySettings,
  type Language,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartItemFor } from '../../../testing/cart-items';
import { renderCheckout } from '../../../testing/checkout-screen';
import { shopDeliverySettings, shopStores } from '../../../testing/shop-api';
import { phoneSeries } from '../../../testing/shopper';

const nextPhone = phoneSeries(22);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEXTS = {
  en: { methods: 'Delivery method', region: 'Region', free: 'Free', freeFrom: 'Free from' },
  ru: { methods: 'Способ доставки', region: 'Регион', free: 'Бесплатно', freeFrom: 'Бесплатно от' },
  uz: { methods: 'Yetkazib berish usuli', region: 'Viloyat', free: 'Bepul', freeFrom: 'dan bepul' },
} as const;

/** Checkout for a fresh shopper with `items`, and the shop's delivery settings in `lang`. */
async function openCheckout(lang: Language, items?: CartItem[]) {
  const lines = items ?? [(await cartItemFor('porcelain-mug', { lang })).item];
  const view = await renderCheckout({ phone: nextPhone(), items: lines, lang });
  const settings = await shopDeliverySettings(lang);
  const methods = await screen.findByRole('radiogroup', { name: TEXTS[lang].methods });
  await waitFor(() => {
    expect(within(methods).getAllByRole('radio')).toHaveLength(settings.methods.length);
  });
  return { ...view, settings, lines };
}

function methodOf(settings: DeliverySettings, type: DeliveryMethod['type']): DeliveryMethod {
  const method = settings.methods.find((candidate) => candidate.type === type);
  if (!method) throw new Error(`the shop has no ${type} delivery`);
  return method;
}

const radioOf = (method: DeliveryMethod) =>
  screen.getByRole('radio', { name: new RegExp(`^${escape(method.name)}`) });

describe('the checkout’s delivery section', () => {
  it('offers the shop’s methods with their texts and prices; pickup is chosen first', async () => {
    const { settings, lines } = await openCheckout('en');
    const subtotal = orderTotals(lines, methodOf(settings, 'pickup')).subtotal;
    for (const method of settings.methods) {
      const radio = radioOf(method);
      const price = deliveryPrice(method, subtotal);
      const priceText =
        price === 0
          ? 'Free'
          : formatMoney(price, 'en') +
            (method.free_from === null
              ? ''
              : ` · Free from ${formatMoney(method.free_from, 'en')}`);
      expect(radio).toHaveAccessibleDescription(`${method.description} ${priceText}`);
      expect(radio).toHaveProperty('disabled', !method.enabled);
    }
    expect(radioOf(methodOf(settings, 'pickup'))).toBeChecked();
    expect(screen.getByText('Tashkent city only: by taxi within 2–3 hours.')).toBeVisible();
  });

  it.each(['ru', 'uz'] as const)('names the methods and regions in %s', async (lang) => {
    const { settings } = await openCheckout(lang);
    for (const method of settings.methods) expect(radioOf(method)).toBeEnabled();
    const region = screen.getByRole('combobox', { name: TEXTS[lang].region });
    expect(
      within(region)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(REGION_SLUGS.map((slug) => regionName(slug, lang)));
  });

  it('lists every region, Tashkent city first chosen', async () => {
    await openCheckout('en');
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region).toHaveValue('tashkent');
    expect(
      within(region)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual([...REGION_SLUGS]);
  });

  it('for pickup, the shops with address and hours, and pay in the shop by cash or card', async () => {
    // The server is set up for Click and Payme: their apps are offered; Telegram's sheet is not,
    // outside Telegram.
    window.__SHOP_CONFIG__ = {
      clickPay: { payUrl: 'https://my.click.uz', serviceId: '40123', merchantId: '31234' },
      paymeCheckout: { checkoutUrl: 'https://checkout.paycom.uz', merchantId: 'a1b2c3' },
    };
    const { user, settings } = await openCheckout('en').finally(() => {
      delete window.__SHOP_CONFIG__;
    });
    const stores = await shopStores('en');
    const shops = screen.getByRole('radiogroup', { name: 'Choose a shop' });
    await waitFor(() => {
      expect(within(shops).getAllByRole('radio')).toHaveLength(stores.length);
    });
    for (const store of stores) {
      // Address and hours are two lines; jsdom reads the break between them as nothing.
      expect(
        within(shops).getByRole('radio', { name: new RegExp(escape(store.name)) }),
      ).toHaveAccessibleDescription(
        new RegExp(`^${escape(store.address)}\\s*Open: ${escape(store.hours)}$`),
      );
    }
    expect(screen.queryByRole('textbox', { name: 'Street and house' })).not.toBeInTheDocument();

    const payments = allowedPaymentTypes(settings, methodOf(settings, 'pickup')).filter(
      (type) => type !== 'telegram',
    );
    expect(payments).toEqual(['on_receipt', 'card', 'click', 'payme']);
    const payment = screen.getByRole('radiogroup', { name: 'Payment' });
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(payments);
    expect(
      within(payment).getByRole('radio', { name: /^Payment on receipt/ }),
    ).toHaveAccessibleDescription('Cash or card in the shop');
    const till = screen.getByRole('group', { name: 'How you will pay in the shop' });
    expect(within(till).getByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.click(within(till).getByRole('radio', { name: 'Card at the till' }));
    expect(within(till).getByRole('radio', { name: 'Card at the till' })).toBeChecked();
  });

  it('for a courier, the address (the city outside the capital) and cash to the courier', async () => {
    const { user, settings } = await openCheckout('en');
    const courier = methodOf(settings, 'courier');
    await user.click(radioOf(courier));
    expect(screen.queryByRole('radiogroup', { name: 'Choose a shop' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Street and house' })).toBeVisible();
    for (const name of ['Apartment', 'Entrance', 'Floor', 'Intercom', 'Comment for the courier']) {
      expect(screen.getByRole('textbox', { name })).toBeVisible();
    }
    // Tashkent city is a city of its own: no city asked there.
    expect(screen.queryByRole('textbox', { name: 'City or district' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'samarkand');
    expect(screen.getByRole('textbox', { name: 'City or district' })).toBeVisible();

    const payment = screen.getByRole('radiogroup', { name: 'Payment' });
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['on_receipt', 'card']);
    // Without the server set up for them, the apps are not offered although the method allows them.
    expect(allowedPaymentTypes(settings, courier)).toContain('click');
    expect(
      within(payment).getByRole('radio', { name: /^Payment on receipt/ }),
    ).toHaveAccessibleDescription('Cash to the courier');
    expect(screen.queryByRole('radio', { name: 'Card at the till' })).not.toBeInTheDocument();
  });

  it('prices the delivery in the summary by the shop’s rules, free from its threshold', async () => {
    const { item: pans } = await cartItemFor('stainless-saucepan-set');
    const settings = await shopDeliverySettings('en');
    const courier = methodOf(settings, 'courier');
    const { user, unmount } = await openCheckout('en', [pans]);
    await user.click(radioOf(courier));
    const summary = screen.getByRole('region', { name: 'Total' });
    const shown = () =>
      within(summary)
        .getAllByRole('definition')
        .map((d) => d.textContent);
    const totals = orderTotals([pans], courier);
    expect(totals.delivery_price).toBeGreaterThan(0);
    expect(shown()).toEqual([
      formatMoney(totals.subtotal, 'en'),
      formatMoney(totals.delivery_price, 'en'),
      formatMoney(totals.total, 'en'),
    ]);
    await user.click(radioOf(methodOf(settings, 'pickup')));
    expect(shown()[1]).toBe('Free');

    if (courier.free_from === null) return;
    unmount();
    const enough = Math.ceil(courier.free_from / pans.price);
    const many = { ...pans, quantity: enough };
    const view = await openCheckout('en', [many]);
    await view.user.click(radioOf(courier));
    expect(radioOf(courier)).toHaveAccessibleDescription(`${courier.description} Free`);
    const summaryOfMany = screen.getByRole('region', { name: 'Total' });
    expect(within(summaryOfMany).getAllByRole('definition')[1]).toHaveTextContent('Free');
    const free = orderTotals([many], courier);
    expect(free.delivery_price).toBe(0);
  });
});

describe('express delivery, Tashkent city only', () => {
  it('is off elsewhere with the reason; a chosen one gives way to a courier, and says so (ru)', async () => {
    const { user, settings } = await openCheckout('ru');
    const express = radioOf(methodOf(settings, 'express'));
    const courier = radioOf(methodOf(settings, 'courier'));
    const region = screen.getByRole('combobox', { name: 'Регион' });
    await user.click(express);
    await user.selectOptions(region, 'khorezm');
    const khorezm = regionName('khorezm', 'ru');
    expect(express).toBeDisabled();
    expect(express).toHaveAccessibleDescription(
      new RegExp(`Не доставляет в регион: ${escape(khorezm)}$`),
    );
    expect(courier).toBeChecked();
    expect(screen.getByText(/Вместо этого выбрано/)).toHaveTextContent(
      `Экспресс-доставка (такси) не доставляет в регион: ${khorezm}. Вместо этого выбрано: Доставка курьером.`,
    );
    expect(screen.getByText(/Вместо этого выбрано/)).toHaveAttribute('role', 'status');
    // Outside the capital the city is asked for.
    expect(screen.getByRole('textbox', { name: 'Город или район' })).toBeVisible();

    // Back in the capital express is offered again; the courier stays chosen.
    await user.selectOptions(region, 'tashkent');
    expect(express).toBeEnabled();
    expect(screen.queryByText(/Вместо этого выбрано/)).not.toBeInTheDocument();
    await user.selectOptions(region, 'khorezm');
    expect(courier).toBeChecked();
    expect(screen.queryByText(/Вместо этого выбрано/)).not.toBeInTheDocument();
  });

  it('is off for Tashkent Region and Samarkand; the note belongs to the change that made it (uz)', async () => {
    const { user, settings } = await openCheckout('uz');
    const express = radioOf(methodOf(settings, 'express'));
    const courier = radioOf(methodOf(settings, 'courier'));
    const region = screen.getByRole('combobox', { name: 'Viloyat' });
    await user.click(express);
    const note = () => screen.queryByText(/tanlandi/);
    for (const slug of ['tashkent-region', 'samarkand'] as const) {
      await user.selectOptions(region, slug);
      expect(express).toBeDisabled();
      expect(express).toHaveAccessibleDescription(
        new RegExp(`${escape(regionName(slug, 'uz'))} hududiga yetkazilmaydi$`),
      );
      expect(courier).toBeChecked();
      // The note belongs to the change that made express give way; the next change ends it.
      if (slug === 'tashkent-region') {
        expect(note()).toHaveTextContent(
          `Tezkor yetkazish (taksi) ${regionName(slug, 'uz')} hududiga yetkazilmaydi: uning oʻrniga «Kuryer orqali yetkazish» tanlandi.`,
        );
      } else {
        expect(note()).not.toBeInTheDocument();
      }
    }
  });

  it('gives way with a note in English, naming the region', async () => {
    const { user, settings } = await openCheckout('en');
    await user.click(radioOf(methodOf(settings, 'express')));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'samarkand');
    expect(screen.getByText('Does not deliver to Samarkand Region')).toBeVisible();
    expect(radioOf(methodOf(settings, 'courier'))).toBeChecked();
    expect(screen.getByText(/chosen instead/)).toHaveTextContent(
      'Express delivery (taxi) does not go to Samarkand Region: Courier delivery is chosen instead.',
    );
  });
});
