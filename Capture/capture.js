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

/** `signet capture --pdf`: the page of the document, the pad over the box where the ink will go. */
async function showDocument() {
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return;
  const response = await fetch('document.json', { credentials: 'omit' });
  if (!response.ok) return; // the plain pad
  const facts = await response.json();
  const sheet = document.getElementById('sheet');
  const place = (element, [x, y, width, height]) => {
    Object.assign(element.style, {
      left: `${x * 100}%`,
      top: `${y * 100}%`,
      width: `${width * 100}%`,
      height: `${height * 100}%`,
    });
  };
  document.querySelector('main').classList.add('document');
  document.getElementById('title').textContent = `Sign ${facts.file}`;
  const who = facts.signer ? `, as ${facts.signer}` : '';
  const action = 'Sign in the box on the page with a mouse, a finger or a pen, then press Done.';
  document.getElementById('hint').textContent =
    `Signing ${facts.file}, page ${facts.page} of ${facts.pageCount}${who}. ${action}`;
  sheet.style.aspectRatio = String(facts.aspect);
  const image = document.getElementById('page');
  image.src = 'page.png';
  image.alt = `Page ${facts.page} of ${facts.file}`;
  const box = document.getElementById('stamp-box');
  if (facts.stamp.some((v, i) => v !== facts.ink[i])) {
    place(box, facts.stamp);
    box.hidden = false;
  }
  place(pad, facts.ink);
  sheet.append(pad);
  sheet.hidden = false;
  // The box may lie below the fold of a long page: bring it to the middle of the window (the
  // sheet's aspect ratio gives it its height before the image arrives); Done stays in view below.
  pad.scrollIntoView({ block: 'center', inline: 'nearest' });
  document.body.dataset.document = 'shown';
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
showDocument().catch((error) => say(`The document could not be shown: ${error.message}`, true));
