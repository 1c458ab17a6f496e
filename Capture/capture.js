// The capture page: Clear / Undo / Done around a <signet-pad>. Done posts the drawing's Signet
// stroke JSON to `submit` next to the page (what `signet capture` serves); opened on its own,
// the page shows the JSON instead.
import './signet-pad.js';

const pad = document.getElementById('pad');
const buttons = ['clear', 'undo', 'done'].map((id) => document.getElementById(id));
const [clear, undo, done] = buttons;
const status = document.getElementById('status');

function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle('error', error);
}

function update() {
  for (const b of buttons) b.disabled = pad.isEmpty || pad.readOnly;
}

pad.addEventListener('signet-change', update);
clear.addEventListener('click', () => pad.clear());
undo.addEventListener('click', () => pad.undo());
done.addEventListener('click', async () => {
  const body = JSON.stringify(pad.toJSON());
  if (location.protocol !== 'http:' && location.protocol !== 'https:') {
    say(body);
    return;
  }
  pad.readOnly = true;
  update();
  say('Sending…');
  try {
    const response = await fetch('submit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'omit',
    });
    const text = (await response.text()).trim();
    if (!response.ok) throw new Error(text || `the server answered ${response.status}`);
    say(text || 'Saved. You can close this tab.');
    document.body.dataset.state = 'saved';
  } catch (error) {
    pad.readOnly = false;
    update();
    say(`Not saved: ${error.message}`, true);
  }
});
update();
