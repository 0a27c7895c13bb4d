// An order request as the route hands it over: parsed by the contract's schema, so its items are
// distinct positive ids and its fields within their lengths, but nothing is checked against the
// shop yet.
import type { CreateOrderRequestSchema } from '@shop/shared';
import type { z } from 'zod';

export type CreateOrderInput = z.output<typeof CreateOrderRequestSchema>;

/** One line of the request: a variant id (`product_id` on the wire) and how many. */
export type OrderedItem = CreateOrderInput['items'][number];
