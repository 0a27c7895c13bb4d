// Payme's Merchant API: the route the app registers and the sweep's cancel of stale transactions.
export {
  PAYME_MERCHANT_PATH,
  registerPaymeMerchantRoutes,
  type PaymeMerchantDeps,
} from './merchant-routes';
export { expireStalePaymeTransactions } from './merchant-queries';
export { paymeAuthorization } from './merchant-auth';
