export * from './cart';
export * from './catalog';
export * from './calls';
export * from './common';
export * from './ecommerce';
export * from './order-events';
export * from './telegram-link';
