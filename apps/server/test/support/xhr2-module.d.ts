/** xhr2: XMLHttpRequest for Node, for browser clients run in tests (botframework-directlinejs' ajax). */
declare module 'xhr2' {
  const XMLHttpRequest: typeof globalThis.XMLHttpRequest;
  export default XMLHttpRequest;
}
