# Sourced by the scripts: the project's .venv, installed from a lock file of exact versions with
# hashes (requirements.lock: the bot; requirements-dev.lock: the bot and its dev tools), then
# the project itself in editable mode, without resolving anything anew: every package comes
# from the lock with --no-deps, so no pip (not even the venv's old bundled one) looks for a
# newer release of anything, and `pip check` then proves the lock is complete and consistent.
# Needs Python 3.11 (the locks are compiled for it); apt-get brings python3-venv when missing.

install_venv() {
    local lock="$1" python="${PYTHON:-python3}"
    if [ ! -x .venv/bin/python ]; then
        if ! "$python" -m venv .venv >/dev/null 2>&1; then
            # Debian splits venv (and ensurepip) out of python3.
            rm -rf .venv
            echo "==> installing python3-venv (apt-get)"
            as_root apt-get update -qq
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
            "$python" -m venv .venv
        fi
    fi
    local pip=(.venv/bin/python -m pip install -q --disable-pip-version-check)
    "${pip[@]}" --no-deps --require-hashes -r "$lock"
    "${pip[@]}" --no-deps --no-build-isolation -e .
    local problems
    if ! problems="$(.venv/bin/python -m pip check --disable-pip-version-check 2>&1)"; then
        echo "$lock does not install a consistent set of packages (pip check):" >&2
        echo "$problems" >&2
        return 1
    fi
}

# A command as root: sudo when not root already.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
