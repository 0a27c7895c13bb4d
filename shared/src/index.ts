// First: zod's settings, before any schema below is built.
import '#zod-on-servers';
export * from './languages';
export * from './routes';
export * from './regions';
export * from './money';
export * from './cart';
export * from './validation/phone';
export * from './validation/otp';
export * from './validation/card';
export * from './contracts/index';
export * from './stable-json';
export * from './order-rules';
export * from './redact';
export * from './profile-photo';
export * from './shop-identity';
export * from './first-paint';
export * from './image-sources';
export * from './listing-url';
