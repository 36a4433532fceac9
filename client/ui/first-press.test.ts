/** A stand-in's press (client/ui/first-press.ts): at once when its control's chunk is there, after it loads otherwise. */
import { describe, expect, it, vi } from 'vitest';
import { pressedBy } from './first-press';

const chunk = (loaded: boolean) => ({ preload: vi.fn(() => Promise.resolve()), isLoaded: () => loaded });

describe('a stand-in button', () => {
  it('takes effect in the same event once the control’s chunk is there', () => {
    const press = vi.fn();
    pressedBy(press, chunk(true)).onClick();
    expect(press).toHaveBeenCalledTimes(1);
  });

  it('waits for the chunk before it is there, and starts loading it when headed for', async () => {
    const press = vi.fn();
    const control = chunk(false);
    const handlers = pressedBy(press, control);
    handlers.onPointerEnter!();
    expect(control.preload).toHaveBeenCalledTimes(1);
    handlers.onClick();
    expect(press).not.toHaveBeenCalled();
    await Promise.resolve();
    await Promise.resolve();
    expect(press).toHaveBeenCalledTimes(1);
  });

  it('stays a stand-in when the chunk cannot be loaded', async () => {
    const press = vi.fn();
    pressedBy(press, { preload: () => Promise.reject(new TypeError('Failed to fetch')), isLoaded: () => false }).onClick();
    await new Promise((r) => setTimeout(r, 0));
    expect(press).not.toHaveBeenCalled();
  });
});
