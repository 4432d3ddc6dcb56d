import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS, Carousel } from './Carousel';

const banners = [1, 2, 3].map((n) => ({ src: `/b${n}.svg`, link: '' }));

describe('the banner carousel', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo = vi.fn(function (this: HTMLElement, opts: ScrollToOptions) {
      this.scrollLeft = opts.left ?? 0;
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
    HTMLElement.prototype.scrollTo = scrollTo as unknown as HTMLElement['scrollTo'];
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });

  it('shows every banner and advances every 5 s, back to the first after the last', () => {
    render(<Carousel banners={banners} />);
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['横幅1', '横幅2', '横幅3']);

    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS - 1));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 360, behavior: 'smooth' });
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 720, behavior: 'smooth' });
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('waits while a finger is on it', () => {
    const { container } = render(<Carousel banners={banners} />);
    const track = container.querySelector('.carousel-track') as HTMLElement;
    act(() => {
      track.dispatchEvent(new Event('touchstart', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 2));
    expect(scrollTo).not.toHaveBeenCalled();
  });
  it('advances at the period it is given (/app: every 3 s)', () => {
    render(<Carousel banners={banners} interval={3000} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 360, behavior: 'smooth' });
  });
});
