import { createTestApp, type TestApp } from './app';
import { DEMO, login } from './http';

const DAY = 86_400_000;

/**
 * A test app with the Maple board and resident signed in, and days that pass (signing in again, as the
 * sessions of before have expired by then): the late fee and question tests move the clock past due dates.
 */
export async function maplePeople() {
  const t: TestApp = await createTestApp();
  const who = { t, board: '', rita: { token: '', id: '' } };
  const signIn = async () => {
    who.board = (await login(t, DEMO.maple.board)).token;
    const r = await login(t, DEMO.maple.resident);
    who.rita = { token: r.token, id: r.user._id ?? r.user.id };
  };
  await signIn();
  return {
    who,
    async passDays(n: number) {
      t.clock.advance(n * DAY);
      await signIn();
    },
  };
}
