/** Simulated minutes since the day began, running `speed` times faster than the wall clock. */
export class DayClock {
  private readonly startedAt = performance.now();
  constructor(readonly speed: number) {}

  /** Wall-clock milliseconds of `minutes` simulated minutes. */
  wallMs(minutes: number): number {
    return (minutes * 60_000) / this.speed;
  }

  now(): number {
    return ((performance.now() - this.startedAt) * this.speed) / 60_000;
  }

  /** Resolves when the day reaches `minute` (at once when it has). */
  until(minute: number): Promise<void> {
    const wait = this.wallMs(minute - this.now());
    return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
  }
}
