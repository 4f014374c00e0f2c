/**
 * Shown while the database is not ready yet or away: no database, no React, nothing that could
 * fail. `message` is the shop's own text, never the visitor's.
 */
export const pausePage = (message: string) => `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>We'll be right back</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;background:#fafaf9;margin:0;padding:15vh 24px;text-align:center">
<h1 style="font-size:28px;margin:0 0 12px">We'll be right back</h1>
<p style="font-size:18px;margin:0">${message}</p>
</body>
</html>`;
