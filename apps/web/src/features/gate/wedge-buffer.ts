/**
 * A keyboard-wedge scanner (USB or Bluetooth) types the ticket's QR text or reference and Enter,
 * like a very fast keyboard. At the gate it must work without a field being focused first: the
 * page collects the keys typed outside any field here, and Enter hands over what was collected.
 */
export class WedgeBuffer {
  private text = '';
  private last = 0;

  /**
   * @param staleMs keys further apart than this start over: what a person typed a while ago,
   * then left, is not glued to the next scan.
   */
  constructor(private readonly staleMs = 2_000) {}

  /**
   * One key (KeyboardEvent.key) at `now` (ms). Returns the collected text when the key is Enter and
   * something was collected, else null. Keys that are not one character (Shift, arrows) are ignored.
   */
  key(key: string, now: number): string | null {
    if (now - this.last > this.staleMs) this.text = '';
    this.last = now;
    if (key === 'Enter') {
      const text = this.text.trim();
      this.text = '';
      return text || null;
    }
    if (key === 'Backspace') this.text = this.text.slice(0, -1);
    else if ([...key].length === 1) this.text += key;
    return null;
  }

  clear() {
    this.text = '';
  }
}
