// Server-only helpers shared by backend/ and bot/ (Node APIs; never imported by the webapp).
export * from './env-settings';
export * from './log-errors';
export * from './order-event-signature';
export * from './private-data-dir';
export * from './request-text';
export * from './shop-error';
