/**
 * The widget's styles, inside its shadow root: the page's styles cannot reach in, and these
 * cannot leak out. Colours come from the snippet as custom properties on the host.
 */
export const WIDGET_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.root { position: fixed; z-index: 2147483000; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2433; display: flex; gap: 10px; align-items: flex-end; }
.root[data-position^="top"] { top: 20px; flex-direction: column-reverse; }
.root[data-position^="bottom"] { bottom: 20px; flex-direction: column; }
.root[data-position="center-center"] { top: 50%; left: 50%; transform: translate(-50%, -50%); flex-direction: column; align-items: center; }
.root[data-position$="-left"] { left: 20px; align-items: flex-start; }
.root[data-position$="-right"] { right: 20px; align-items: flex-end; }
.root[data-position$="-center"]:not([data-position="center-center"]) { left: 50%; transform: translateX(-50%); align-items: center; }
button { font: inherit; cursor: pointer; }
.launcher { position: relative; width: 58px; height: 58px; border-radius: 50%; border: 0; background: var(--main); color: var(--main-text); box-shadow: 0 6px 20px rgba(15, 23, 42, .25); display: grid; place-items: center; padding: 0; overflow: visible; }
.launcher svg { width: 28px; height: 28px; fill: currentColor; }
.launcher img { width: 100%; height: 100%; border-radius: 50%; object-fit: cover; }
.launcher:focus-visible, button:focus-visible, a:focus-visible, textarea:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.badge { position: absolute; top: -4px; right: -4px; min-width: 20px; height: 20px; padding: 0 6px; border-radius: 10px; background: #dc2626; color: #fff; font-size: 12px; font-weight: 600; display: grid; place-items: center; }
.popup { max-width: 260px; background: #fff; border-radius: 12px; padding: 10px 32px 10px 12px; box-shadow: 0 6px 20px rgba(15, 23, 42, .2); position: relative; }
.popup-text { margin: 0; padding: 0; border: 0; background: none; color: inherit; text-align: left; }
.popup .dismiss { position: absolute; top: 4px; right: 4px; border: 0; background: none; width: 24px; height: 24px; padding: 2px; color: #475569; }
.popup .dismiss svg, .head button svg, .send svg, .mic svg { width: 100%; height: 100%; fill: currentColor; }
.window { width: 360px; height: 520px; max-height: calc(100vh - 120px); max-width: calc(100vw - 40px); background: #fff; border-radius: 16px; box-shadow: 0 12px 40px rgba(15, 23, 42, .3); display: flex; flex-direction: column; overflow: hidden; }
.window[data-screen="big"] { width: 480px; height: 720px; }
.window[hidden] { display: none; }
.head { display: flex; align-items: center; gap: 10px; padding: 12px 12px 12px 16px; background: var(--main); color: var(--main-text); }
.head img { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; background: #fff; }
.head h2 { flex: 1; margin: 0; font-size: 16px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.head button { width: 32px; height: 32px; border: 0; border-radius: 8px; background: transparent; color: inherit; padding: 6px; }
.head button:hover { background: rgba(255, 255, 255, .15); }
.log { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 8px; background: #f6f7fb; }
.msg { max-width: 85%; padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg.bot { align-self: flex-start; background: #fff; border: 1px solid #e2e6ef; border-bottom-left-radius: 4px; }
.msg.user { align-self: flex-end; background: var(--main); color: var(--main-text); border-bottom-right-radius: 4px; }
.msg.note { align-self: center; background: none; color: #64748b; font-size: 12px; text-align: center; }
.msg img { display: block; max-width: 100%; border-radius: 8px; }
.msg a.file { color: inherit; }
.msg.card-msg { width: 85%; }
.choices, .card-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.choice { border: 1px solid var(--main); color: var(--main); background: #fff; border-radius: 999px; padding: 5px 12px; text-decoration: none; font-size: 13px; }
.choice:hover { background: var(--main); color: var(--main-text); }
.choice[disabled] { opacity: .5; cursor: default; }
.stars { display: flex; gap: 2px; margin-top: 6px; }
.stars button { width: 32px; height: 32px; border: 0; background: none; padding: 3px; color: #cbd5e1; }
.stars button svg { width: 100%; height: 100%; fill: currentColor; }
.stars button:hover, .stars button:focus-visible, .stars button.on { color: #f59e0b; }
.hero img { margin: -8px -12px 8px; max-width: calc(100% + 24px); width: calc(100% + 24px); border-radius: 14px 14px 0 0; }
.card-text { margin: 0 0 6px; white-space: pre-wrap; }
.card-image { max-width: 100%; border-radius: 8px; margin-bottom: 6px; }
.card-columns { display: flex; gap: 8px; }
.card-column { flex: 1; min-width: 0; }
.card-facts { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0 0 6px; }
.card-facts dt { font-weight: 600; }
.card-facts dd { margin: 0; }
.card-label { display: flex; flex-direction: column; gap: 2px; margin-bottom: 6px; font-size: 13px; }
.card-input { font: inherit; border: 1px solid #cbd2e0; border-radius: 8px; padding: 6px 8px; width: 100%; margin-bottom: 6px; }
.card-toggle { display: flex; gap: 6px; align-items: center; margin-bottom: 6px; }
.typing { align-self: flex-start; color: #64748b; font-size: 12px; }
.compose { display: flex; gap: 6px; align-items: flex-end; padding: 10px; border-top: 1px solid #e2e6ef; background: #fff; }
.compose textarea { flex: 1; resize: none; font: inherit; border: 1px solid #cbd2e0; border-radius: 10px; padding: 8px 10px; max-height: 120px; min-height: 38px; }
.send, .mic { width: 38px; height: 38px; border: 0; border-radius: 10px; background: var(--main); color: var(--main-text); padding: 8px; flex: none; }
.mic { background: #eef1f7; color: #334155; }
.mic[aria-pressed="true"] { background: #dc2626; color: #fff; }
.status { font-size: 12px; color: #64748b; padding: 0 12px 6px; background: #fff; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) { .window, .window[data-screen="big"] { width: calc(100vw - 24px); height: calc(100vh - 110px); } }
@media (prefers-reduced-motion: no-preference) { .window { animation: rise .18s ease-out; } @keyframes rise { from { opacity: 0; transform: translateY(8px); } } }
`;
