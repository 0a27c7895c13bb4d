// Its own chunk (client.ts imports it dynamically): the request and answer schemas of sign-in,
// checkout, payment, cards and orders stay out of home's first load.
export { ORDERING_CALLS } from '@shop/shared';
