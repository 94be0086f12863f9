// The AQUA progress track page (progress.html): a file rather than an inline script, for the strict CSP.
import { renderProgressPage } from "./progress.js";

renderProgressPage(document.getElementById("screen"));
document.body.dataset.status = "track";
