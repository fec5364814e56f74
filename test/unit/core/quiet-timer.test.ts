/** One round of a quiet timer: after the nudges stop, or at the latest the maximum delay after the first. */
import { QuietTimer } from "../../../src/core/quiet-timer";
import { FakeClock } from "../api/support/fake-clock";

function timer(clock: FakeClock) {
  const fired: number[] = [];
  const quiet = new QuietTimer(clock, 20, 100, () => fired.push(clock.now()));
  return { quiet, fired };
}

test("runs once the nudges have been quiet for the quiet time", async () => {
  const clock = new FakeClock();
  const { quiet, fired } = timer(clock);
  const start = clock.now();
  quiet.nudge();
  await clock.advance(15);
  quiet.nudge();
  await clock.advance(15);
  expect(fired).toEqual([]);
  await clock.advance(5);
  expect(fired).toEqual([start + 35]);
  expect(quiet.pending).toBe(false);
});

test("a steady trickle of nudges still runs it at the maximum delay", async () => {
  const clock = new FakeClock();
  const { quiet, fired } = timer(clock);
  const start = clock.now();
  for (let i = 0; i < 20; i++) {
    quiet.nudge();
    await clock.advance(10);
  }
  expect(fired[0]).toBe(start + 100);
});

test("a burst of ten thousand nudges runs it once", async () => {
  const clock = new FakeClock();
  const { quiet, fired } = timer(clock);
  for (let i = 0; i < 10_000; i++) quiet.nudge();
  await clock.advance(50);
  expect(fired).toHaveLength(1);
});

test("cancel forgets the round; a later nudge starts a new one", async () => {
  const clock = new FakeClock();
  const { quiet, fired } = timer(clock);
  quiet.nudge();
  quiet.cancel();
  await clock.advance(200);
  expect(fired).toEqual([]);
  quiet.nudge();
  await clock.advance(20);
  expect(fired).toHaveLength(1);
});
