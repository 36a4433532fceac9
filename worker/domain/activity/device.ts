/**
 * A short name for the device a change came from, read from the request's User-Agent: "Chrome on
 * Android", "Safari on iPhone", "Firefox on Windows". Browsers are told apart by the tokens each puts
 * last (Edge and Opera carry Chrome's; Chrome carries Safari's). An agent that is no known browser is
 * named by its product ("curl"), cut short; no agent at all is null.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const LABEL_MAX = 40;

export function deviceLabel(userAgent: string | null | undefined): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const browser = BROWSERS.find(([re]) => re.test(agent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return browser ?? `Browser on ${system}`;
  const product = agent.split(/[\s/]/)[0];
  return product.slice(0, LABEL_MAX) || null;
}
