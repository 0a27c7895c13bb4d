import type { CartItem, Order, ProductDetail, Variant } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { planOrderAgain } from './order-again';
import { ordersOfPages, pieceCount } from './order-list';
import { orderTimeline } from './order-timeline';

function variant(productId: number, quantity: number, price = 179_000): Variant {
  return {
    product_id: productId,
    attributes: [{ code: 'size', name: 'Size', value: `${productId}` }],
    price,
    old_price: null,
    in_stock: quantity > 0,
    quantity,
  };
}

function product(slug: string, variants: Variant[]): ProductDetail {
  return {
    product_id: 1,
    slug,
    name: `Product ${slug}`,
    description: '',
    price: 179_000,
    old_price: null,
    images: [{ url: `/img/${slug}.jpg`, width: 800, height: 800, alt: undefined }],
    in_stock: true,
    quantity: 5,
    category: { slug: 'kitchen-tools', name: 'Kitchen tools' },
    brand: { slug: 'olov-kitchen', name: 'Olov' },
    mxik: '12345678901234567',
    package_code: '796',
    specifications: [],
    variants,
    breadcrumbs: [],
    relateds: [],
  };
}

function item(slug: string, productId: number, quantity: number): Order['items'][number] {
  return {
    product_id: productId,
    slug,
    name: `Ordered ${slug} ${productId}`,
    attributes: [],
    price: 150_000,
    quantity,
    total: 150_000 * quantity,
    mxik: '12345678901234567',
    package_code: '796',
    img_url: null,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    number: 'UY-1001',
    status: 'new',
    created_at: '2025-10-01T09:00:00Z',
    items: [item('knife', 10, 2)],
    subtotal: 300_000,
    delivery_price: 0,
    total: 300_000,
    delivery_type: 'pickup',
    store: null,
    address: null,
    recipient: { name: 'Aziz', surname: 'Karimov', phone: '998901234567' },
    location: null,
    payment_type: 'on_receipt',
    receipt_payment: 'cash',
    payment_status: 'not_required',
    pay_until: null,
    statuses: [{ status: 'new', at: '2025-10-01T09:00:00Z' }],
    ...overrides,
  };
}

/** The knife's cart line as the product page adds it, `quantity` of it. */
function knifeLine(quantity: number): CartItem {
  return {
    product_id: 10,
    name: 'Product knife',
    img_url: '/img/knife.jpg',
    quantity,
    attributes: [{ code: 'size', name: 'Size', value: '10' }],
    price: 189_000,
    slug: 'knife',
    mxit: '12345678901234567',
    mxit_unit: '796',
  };
}

describe('planOrderAgain', () => {
  const knife = product('knife', [variant(10, 5, 189_000), variant(11, 0)]);

  it('adds each line at today’s price, name and picture, as a cart line', () => {
    const plan = planOrderAgain([item('knife', 10, 2)], new Map([['knife', knife]]), [], 20);
    expect(plan).toEqual({
      add: [knifeLine(2)],
      short: [],
      unavailable: [],
    });
  });

  it('adds what is left of a line short of stock, counting what the cart already holds', () => {
    const inCart: CartItem[] = [knifeLine(2)];
    const plan = planOrderAgain([item('knife', 10, 4)], new Map([['knife', knife]]), inCart, 20);
    expect(plan.add.map((line) => line.quantity)).toEqual([3]);
    expect(plan.short).toEqual(['Ordered knife 10']);
  });

  it('leaves out sold-out variants, vanished variants and products the catalogue no longer has', () => {
    const plan = planOrderAgain(
      [item('knife', 11, 1), item('knife', 99, 1), item('mug', 20, 1), item('board', 30, 1)],
      new Map<string, ProductDetail | null>([
        ['knife', knife],
        ['mug', null],
      ]),
      [],
      20,
    );
    expect(plan.add).toEqual([]);
    expect(plan.unavailable).toEqual([
      'Ordered knife 11',
      'Ordered knife 99',
      'Ordered mug 20',
      'Ordered board 30',
    ]);
  });

  it('adds no more of a line than the server lets one order line carry', () => {
    const plan = planOrderAgain([item('knife', 10, 4)], new Map([['knife', knife]]), [], 3);
    expect(plan.add.map((line) => line.quantity)).toEqual([3]);
    expect(plan.short).toEqual(['Ordered knife 10']);
  });

  it('adds nothing to a line the cart already holds all the stock of', () => {
    const full: CartItem[] = [knifeLine(5)];
    const plan = planOrderAgain([item('knife', 10, 1)], new Map([['knife', knife]]), full, 20);
    expect(plan.add).toEqual([]);
    expect(plan.short).toEqual(['Ordered knife 10']);
  });
});

describe('orderTimeline', () => {
  it('shows the history with times, then the road ahead of a pickup order', () => {
    const steps = orderTimeline(
      order({
        status: 'confirmed',
        statuses: [
          { status: 'confirmed', at: '2025-10-01T10:00:00Z' },
          { status: 'new', at: '2025-10-01T09:00:00Z' },
        ],
      }),
    );
    expect(steps).toEqual([
      { status: 'new', at: '2025-10-01T09:00:00Z', current: false },
      { status: 'confirmed', at: '2025-10-01T10:00:00Z', current: true },
      { status: 'assembling', at: null, current: false },
      { status: 'ready_for_pickup', at: null, current: false },
      { status: 'completed', at: null, current: false },
    ]);
  });

  it('takes the courier’s road for a delivered order', () => {
    const steps = orderTimeline(order({ delivery_type: 'express' }));
    expect(steps.map((step) => step.status)).toEqual([
      'new',
      'confirmed',
      'assembling',
      'delivering',
      'completed',
    ]);
  });

  it('ends at a cancelled or completed order', () => {
    const cancelled = orderTimeline(
      order({
        status: 'cancelled',
        statuses: [
          { status: 'new', at: '2025-10-01T09:00:00Z' },
          { status: 'cancelled', at: '2025-10-01T11:00:00Z' },
        ],
      }),
    );
    expect(cancelled.map((step) => [step.status, step.current])).toEqual([
      ['new', false],
      ['cancelled', true],
    ]);
  });

  it('shows the current status at the order’s time when the history is empty', () => {
    expect(orderTimeline(order({ statuses: [] }))[0]).toEqual({
      status: 'new',
      at: '2025-10-01T09:00:00Z',
      current: true,
    });
  });
});

describe('ordersOfPages', () => {
  it('shows an order pushed onto the next page by a newer one only once', () => {
    const first = order({ id: 3 });
    const second = order({ id: 2 });
    const third = order({ id: 1 });
    expect(
      ordersOfPages([{ data: [first, second] }, { data: [second, third] }]).map((o) => o.id),
    ).toEqual([3, 2, 1]);
  });

  it('counts the pieces of an order', () => {
    expect(pieceCount(order({ items: [item('a', 1, 2), item('b', 2, 3)] }))).toBe(5);
  });
});
