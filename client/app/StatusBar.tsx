/**
 * The slot under the top navigation for the connection status: "Offline — changes will sync when
 * you reconnect" and the pending-changes count (DESIGN.md states). The sync layer fills it in;
 * until then there is nothing to report, so it renders nothing.
 */
export function StatusBar() {
  return null;
}
