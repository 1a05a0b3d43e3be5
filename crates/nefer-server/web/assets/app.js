// The page's router: one HTML page serves every address (docs/dev/api.md "Pages"), and this
// picks the view from the path. Also the one place that shows errors to the user.

const errorBox = () => document.getElementById('error');

/** Shows a server or page error in words (never fail silently). */
export function showError(message) {
  const box = errorBox();
  if (!box) return;
  box.textContent = message;
  box.classList.remove('hidden');
}

export function clearError() {
  const box = errorBox();
  if (box) box.classList.add('hidden');
}

async function route() {
  const page = document.getElementById('page');
  const path = location.pathname.replace(/\/+$/, '') || '/';
  let m;
  try {
    if (path === '/' || path === '/index.html') {
      (await import('./lobby.js')).lobbyPage(page);
    } else if ((m = /^\/game\/([^/]+)$/.exec(path))) {
      await (await import('./game.js')).gamePage(page, decodeURIComponent(m[1]));
    } else if ((m = /^\/review(?:\/([^/]+))?$/.exec(path))) {
      await (await import('./review.js')).reviewPage(page, m[1] ? decodeURIComponent(m[1]) : null);
    } else if (path === '/replay') {
      (await import('./replay.js')).replayPage(page);
    } else if ((m = /^\/rules(?:\/([^/]+))?$/.exec(path))) {
      await (await import('./rulespage.js')).rulesPage(page, m[1] ? decodeURIComponent(m[1]) : null);
    } else {
      page.textContent = '';
      showError(`There is no page at ${path}.`);
    }
  } catch (e) {
    page.replaceChildren();
    showError(e.message || String(e));
  }
}

window.addEventListener('unhandledrejection', (e) => showError(e.reason && e.reason.message ? e.reason.message : String(e.reason)));
route();
