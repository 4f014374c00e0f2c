vcl 4.1;

# Varnish in front of the shop's instances (docs/deploy.md, "A shared cache in front"; decision
# record 049). The shop's answers say who may keep them: public pages come `public, s-maxage`
# with `stale-while-revalidate`, `stale-if-error` and their tags in `Surrogate-Key`; everything
# personal comes `private, no-store`. This file follows them, whatever cookies a request carries,
# and adds what a proxy must decide itself: purges by tag, stale pages while the shop is away,
# and a plain 503 when nothing can answer. The end-to-end test runs this very file.
#
# gleam-backends.vcl (beside this file, or on vcl_path) names the instances: their backends with
# a health probe, the `gleam` director that spreads requests over them, and the `gleam_purgers`
# ACL of the addresses allowed to purge (the instances). See gleam-backends.example.vcl.

import std;
import directors;

include "gleam-backends.vcl";

sub vcl_recv {
    set req.backend_hint = gleam.backend();

    # Each request its own id (the shop's REQUEST_ID_HEADER), kept if a proxy in front named it
    # in the shape the shop accepts: the shop logs it for a miss, and every answer carries its
    # own request's, a page from the cache too (vcl_deliver), never the id of the request that
    # filled the cache.
    if (req.http.X-Request-Id !~ "^[A-Za-z0-9._:-]{8,128}$") {
        set req.http.X-Request-Id = "varnish-" + req.xid + "-" + std.random(0, 1000000000);
    }

    # The shop's purge job (CACHE_PURGE=http): ban every page tagged with one of the tags.
    if (req.method == "PURGE") {
        if (!client.ip ~ gleam_purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.Surrogate-Key !~ "^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$") {
            return (synth(400, "Send the tags to purge in Surrogate-Key"));
        }
        # A ban's pattern ends at its first space: [[:space:]] stands for the tags' separator.
        ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")([[:space:]]|$)");
        return (synth(200, "Purged"));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # While an instance answers, a page past its s-maxage is served stale only for the shop's
    # stale-while-revalidate (CACHE_STALE_WHILE_REVALIDATE_SECONDS, 30 by default) while it is
    # fetched again; when none answers, for as long as stale-if-error allows.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 30s;
    }
    # Unlike Varnish's built-in rule, a cookie does not mean "pass": the shop renders public pages
    # without cookies and marks every personal answer private, which is never stored.
    return (hash);
}

sub vcl_backend_response {
    # Kept past its lifetime for stale-if-error (a day by default), to answer while the shop is away.
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1") + "s",
            0s);
    }
    # Varnish's built-in rules follow: no-store, private, no-cache and Set-Cookie are never stored.
}

sub vcl_backend_error {
    # No instance answered and nothing stored can: a plain 503, as the shop's own.
    set beresp.status = 503;
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "5";
    if (bereq.url ~ "^/api/") {
        set beresp.http.Content-Type = "application/json; charset=utf-8";
        # A space before the closing brace: `"}` would end the VCL string.
        synthetic({"{"error":"The shop is unavailable for a moment. Please try again shortly." }"});
    } else {
        set beresp.http.Content-Type = "text/html; charset=utf-8";
        synthetic({"<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>We'll be right back</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;background:#fafaf9;margin:0;padding:15vh 24px;text-align:center">
<h1 style="font-size:28px;margin:0 0 12px">We'll be right back</h1>
<p style="font-size:18px;margin:0">The shop is unavailable for a moment. Please try again shortly.</p>
</body>
</html>"});
    }
    return (deliver);
}

sub vcl_deliver {
    set resp.http.X-Request-Id = req.http.X-Request-Id;
    # The tags are for purging here, not for browsers.
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
