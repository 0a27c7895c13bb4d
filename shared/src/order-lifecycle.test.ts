import { describe, expect, it } from 'vitest';
import { DELIVERY_TYPES } from './order-rules';
import {
  FINAL_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  isFinalStatus,
  isOpenStatus,
  isOrderStatus,
  nextStatus,
  orderRoad,
} from './order-lifecycle';

describe('the order lifecycle', () => {
  it('splits every status into open or final, never both', () => {
    expect([...OPEN_ORDER_STATUSES, ...FINAL_ORDER_STATUSES].sort()).toEqual(
      [...ORDER_STATUSES].sort(),
    );
    for (const status of ORDER_STATUSES) expect(isOpenStatus(status)).toBe(!isFinalStatus(status));
  });

  it('walks each delivery from new to completed, one next status at a time', () => {
    for (const type of DELIVERY_TYPES) {
      const walked = ['new'];
      for (let at = nextStatus('new', type); at !== null; at = nextStatus(at, type))
        walked.push(at);
      expect(walked).toEqual(orderRoad(type));
      expect(walked.at(-1)).toBe('completed');
    }
    expect(orderRoad('pickup')).toContain('ready_for_pickup');
    expect(orderRoad('courier')).toContain('delivering');
    expect(orderRoad('express')).toEqual(orderRoad('courier'));
  });

  it('has no next status once an order is over', () => {
    for (const status of FINAL_ORDER_STATUSES) {
      for (const type of DELIVERY_TYPES) expect(nextStatus(status, type)).toBeNull();
    }
  });

  it('knows its statuses and nothing else', () => {
    expect(isOrderStatus('delivering')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus(7)).toBe(false);
  });
});
