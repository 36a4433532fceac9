/**
 * Stand-in for `prettier` in the Worker bundle (wrangler.toml [alias]): @react-email/render imports it
 * lazily for its `pretty` option, which this app never uses; bundling it would add ~350 KiB.
 */
export async function format(): Promise<never> {
  throw new Error('prettier is not bundled in the Worker: render emails without { pretty: true }');
}
export default {};
