import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { CheckIcon } from './icons';

export interface MenuOption<T extends string> {
  value: T;
  label: string;
  /** For options written in another language (language names). */
  lang?: string;
}

interface MenuButtonProps<T extends string> {
  label: string;
  face: ReactNode;
  options: readonly MenuOption<T>[];
  value: T;
  onSelect: (value: T) => void;
  faceClassName?: string;
}

/**
 * A button (named by `label`, e.g. "Language") that opens a menu of radio items, following the
 * WAI-ARIA menu button pattern: arrows move, Enter/Space choose, Escape closes and returns focus.
 */
export function MenuButton<T extends string>({
  label,
  face,
  options,
  value,
  onSelect,
  faceClassName = 'icon-button',
}: MenuButtonProps<T>) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const menuRef = useOpenMenu(open, rootRef, setOpen);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={faceClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((current) => !current);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {face}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="menu__popup"
          onKeyDown={(event) => {
            onMenuKeyDown(event, close);
          }}
        >
          {options.map((option) => {
            const checked = option.value === value;
            return (
              <button
                key={option.value}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                lang={option.lang}
                tabIndex={-1}
                className="menu__item"
                onClick={() => {
                  close(true);
                  if (!checked) onSelect(option.value);
                }}
              >
                <span className="menu__check" aria-hidden="true">
                  {checked && <CheckIcon size={18} />}
                </span>
                {option.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * While the menu is open: the checked item (else the first) has the focus when it opens, and a
 * press anywhere outside the menu button closes it. Returns the ref the menu goes in.
 */
function useOpenMenu(
  open: boolean,
  rootRef: RefObject<HTMLDivElement | null>,
  setOpen: (open: boolean) => void,
): RefObject<HTMLDivElement | null> {
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? menuItems(menuRef.current)[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, rootRef, setOpen]);
  return menuRef;
}

/** The menu's items, in order; none before the menu is drawn. */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
}

/**
 * The open menu's keys: arrows, Home and End move the focus among its items (wrapping round),
 * Escape closes it and gives the focus back to its button, Tab closes it and lets the focus go on.
 */
function onMenuKeyDown(
  event: KeyboardEvent<HTMLDivElement>,
  close: (returnFocus: boolean) => void,
): void {
  // The handler sits on the menu itself.
  const items = menuItems(event.currentTarget);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const to = new Map([
    ['ArrowDown', index + 1],
    ['ArrowUp', index - 1],
    ['Home', 0],
    ['End', items.length - 1],
  ]).get(event.key);
  if (to !== undefined) {
    event.preventDefault();
    items[(to + items.length) % items.length]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    close(true);
  } else if (event.key === 'Tab') {
    close(false);
  }
}
