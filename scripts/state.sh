# Sourced by the server scripts (mail-servers.sh, sms-gateway.sh, postgres.sh): where a
# server's runtime state lives.
#
# Postfix, Dovecot, Kannel and PostgreSQL run as their own unprivileged users, which must
# reach their state whatever the checkout's path: a clone in root's home (mode 700) is out
# of their reach. So the state lives under /var/tmp, in one directory per checkout
# (/var/tmp/arbitre-<hash of the checkout's path>/NAME), and the checkout's var/NAME is a
# link to it: the env files keep their paths (var/mail/env, var/sms/env, var/pg/env).
# ARBITRE_STATE_ROOT puts those directories elsewhere than /var/tmp.

# Prints the state directory NAME of the checkout ROOT, made if needed, and links
# ROOT/var/NAME to it. A state directory of an older checkout layout (a plain var/NAME) is
# moved there first.
runtime_state() {
    local name=$1 root=$2
    local hash base dir link
    hash=$(printf '%s' "$root" | sha256sum | cut -c1-12)
    base="${ARBITRE_STATE_ROOT:-/var/tmp}/arbitre-$hash"
    dir="$base/$name"
    link="$root/var/$name"
    mkdir -p "$base" "$root/var"
    chmod 755 "$base"
    printf '%s\n' "$root" >"$base/checkout"
    if [ -d "$link" ] && [ ! -L "$link" ]; then
        if [ -e "$dir" ]; then
            echo "state.sh: both $link and $dir exist; remove the one you do not need" >&2
            return 1
        fi
        mv "$link" "$dir"
    fi
    mkdir -p "$dir"
    [ -L "$link" ] && [ "$(readlink "$link")" = "$dir" ] || ln -sfn "$dir" "$link"
    printf '%s\n' "$dir"
}

# Fails with one line saying what to do when USER cannot reach DIR (a state directory given
# by the environment under a private directory).
reachable_by() {
    local user=$1 dir=$2 what=$3
    id "$user" >/dev/null 2>&1 || return 0
    runuser -u "$user" -- test -x "$dir" 2>/dev/null && return 0
    echo "$what: $dir is out of reach of the $user user (a directory above it is private);" \
        "set $4 to a directory under /var/tmp, or leave it unset" >&2
    return 1
}
