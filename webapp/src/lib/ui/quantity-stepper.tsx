import { telegramSelectionHaptic } from '../telegram';
import { MinusIcon, PlusIcon } from './icons';

/**
 * − value + with every control named, e.g. "Decrease quantity of White mug". The value is an
 * output, not an input: typing a quantity on a phone is slower than tapping and invites typos.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  labels,
  disabled = false,
}: {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  /** Where "+" stops: the stock, and the most of one item an order takes. */
  max: number;
  labels: { decrease: string; increase: string; value: string };
  disabled?: boolean;
}) {
  return (
    <div className="stepper" role="group" aria-label={labels.value}>
      <button
        type="button"
        className="stepper__button"
        aria-label={labels.decrease}
        disabled={disabled || value <= min}
        onClick={() => {
          telegramSelectionHaptic();
          onChange(value - 1);
        }}
      >
        <MinusIcon size={18} />
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={labels.increase}
        disabled={disabled || value >= max}
        onClick={() => {
          telegramSelectionHaptic();
          onChange(value + 1);
        }}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
