"use strict";
// Pairing: the code comes from the QR code's address (/j/CODE) or is typed; nothing changes
// until the button is pressed, so a link preview cannot use up a code.
const fromLink = location.pathname.match(/^\/j\/([0-9A-Za-z]{1,16})$/);
if (fromLink) $("code").value = fromLink[1].toUpperCase();
$("form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await post("/claim", {code: $("code").value.trim()});
  if (r.ok) { location.replace("/pad"); return; }
  $("message").textContent = r.data.error || t("pair_failed");
});
