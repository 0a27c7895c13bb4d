// Home's pictures when they cannot load (offline and never saved): the placeholder product cards
// use, never the browser's broken-image icon; back online they are asked for again.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render-screen';
import { HomePage } from './home-page';

describe("home's pictures", () => {
  it('shows the placeholder for a chip and a card picture that fail, and tries again online', async () => {
    const { container } = await renderScreen(<HomePage />, { path: '/uz' });
    const chips = await screen.findByRole('navigation', { name: 'Kategoriyalar' });
    const [kitchen] = within(chips).getAllByRole('link');
    if (!kitchen) throw new Error('home has no category chips');
    const chipPicture = kitchen.querySelector('img');
    expect(chipPicture).not.toBeNull();
    const cardPicture = container.querySelector('img.product-image');
    expect(cardPicture).not.toBeNull();

    if (chipPicture) fireEvent.error(chipPicture);
    if (cardPicture) fireEvent.error(cardPicture);
    expect(kitchen.querySelector('img')).toBeNull();
    expect(kitchen.querySelector('.chip__image--empty')).not.toBeNull();
    expect(kitchen).toHaveAccessibleName('Oshxona');
    expect(container.querySelectorAll('.product-image--empty').length).toBeGreaterThan(0);

    fireEvent(window, new Event('online'));
    expect(kitchen.querySelector('img')).not.toBeNull();
  });
});
