# Copy to gleam-backends.vcl beside gleam.vcl and name your instances. The probe asks /healthz,
# which answers 503 while an instance starts, drains or has lost its database: Varnish then sends
# nothing to it, and when no instance is healthy it answers from what it has kept.

probe gleam_health {
    .url = "/healthz";
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}

backend shop_a {
    .host = "10.0.0.11";
    .port = "3000";
    .probe = gleam_health;
}

backend shop_b {
    .host = "10.0.0.12";
    .port = "3000";
    .probe = gleam_health;
}

# Only the shop's instances may purge.
acl gleam_purgers {
    "10.0.0.11";
    "10.0.0.12";
}

sub vcl_init {
    new gleam = directors.round_robin();
    gleam.add_backend(shop_a);
    gleam.add_backend(shop_b);
}
