#!/usr/bin/env bash
# After wiring/install.sh: start the installed app as its systemd unit would, and see it
# reach its main loop. It takes the unit's user, groups, working directory, environment and
# command from the installed unit file; only the screen is stood in for (SDL's offscreen
# driver, sound to nowhere), so it works with no screen, over ssh, in an image being built
# or in an emulated arm64 root. It does not apply the unit's sandbox (that is systemd's:
# `systemd-analyze security companion` rates it).
#
#   sudo wiring/check-start.sh [--seconds N] [--unit FILE]
#
# Prints "main loop reached after S s, RSS M MB" and exits 0 once Kivy says "Start
# application main loop" and Home has been up 3 s; else the app's last lines and exit 1.
# The service is stopped for it (the database is locked by one app at a time) and started
# again after. It uses the service's own database (/var/lib/companion), as the service does.
set -euo pipefail

unit=/etc/systemd/system/companion.service
seconds=180   # an emulated Pi starts the app in about 30 s, a real one in about 5 s
usage() { sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while (($#)); do
    case $1 in
        --seconds) [[ ${2:-} =~ ^[0-9]+$ ]] || { echo "check-start.sh: --seconds needs a whole number" >&2; exit 2; }
                   seconds=$2; shift ;;
        --unit) [[ $# -ge 2 ]] || { echo "check-start.sh: --unit needs a file" >&2; exit 2; }
                unit=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "check-start.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
((EUID == 0)) || { echo "check-start.sh: run it with sudo (it starts the app as the unit's user)" >&2; exit 1; }
[[ -f $unit ]] || { echo "check-start.sh: $unit is not there: run wiring/install.sh first" >&2; exit 1; }

# the unit's settings, [Service] section: the last value of a key, or every Environment=
value() { sed -n "s/^$1=//p" "$unit" | tail -1; }
user=$(value User) group=$(value Group) workdir=$(value WorkingDirectory) command=$(value ExecStart)
runtime=$(value RuntimeDirectory)
mapfile -t environment < <(sed -n 's/^Environment=//p' "$unit")
id -u "$user" >/dev/null 2>&1 || { echo "check-start.sh: the unit's user $user does not exist: run wiring/install.sh" >&2; exit 1; }

restart=0
if systemctl is-active --quiet companion.service 2>/dev/null; then
    echo "stopping companion.service for the check (started again after)"
    systemctl stop companion.service
    restart=1
fi
made_runtime=""
if [[ -n $runtime && ! -d /run/$runtime ]]; then  # as systemd makes RuntimeDirectory=
    install -d -o "$user" -g "$group" -m 0755 "/run/$runtime"
    made_runtime=/run/$runtime
fi
log=$(mktemp)
app=""
finish() {
    if [[ -n $app ]] && kill -0 "$app" 2>/dev/null; then
        kill -TERM "$app" 2>/dev/null || true
        wait "$app" 2>/dev/null || true
    fi
    [[ -z $made_runtime ]] || rm -rf "$made_runtime"
    rm -f "$log"
    ((restart == 0)) || systemctl start companion.service
}
trap finish EXIT

home=$(getent passwd "$user" | cut -d: -f6)
# shellcheck disable=SC2086  # ExecStart is words, as systemd splits it
(cd "$workdir" && exec setpriv --reuid="$user" --regid="$group" --init-groups \
    env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$home" USER="$user" LOGNAME="$user" LANG=C.UTF-8 \
    "${environment[@]}" SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy $command) >"$log" 2>&1 &
app=$!
echo "started as the unit would: user $user, in $workdir, $command (SDL_VIDEODRIVER=offscreen)"

started=$SECONDS
reached=""
while ((SECONDS - started < seconds)); do
    if ! kill -0 "$app" 2>/dev/null; then
        wait "$app" && status=0 || status=$?
        echo "check-start.sh: the app ended with status $status before its main loop; its last lines:" >&2
        tail -n 20 "$log" >&2
        exit 1
    fi
    if [[ -z $reached ]] && grep -q "Start application main loop" "$log"; then
        reached=$((SECONDS - started))
        settled=$SECONDS
    fi
    if [[ -n $reached ]] && ((SECONDS - settled >= 3)); then
        rss=$(awk '/^VmRSS:/ {printf "%.0f", $2 / 1024}' "/proc/$app/status")
        grep -m1 "Start application main loop" "$log"
        echo "main loop reached after $reached s, RSS $rss MB (pid $app, $(tr '\0' ' ' <"/proc/$app/cmdline"))"
        exit 0
    fi
    sleep 1
done
echo "check-start.sh: no main loop after $seconds s; the app's last lines:" >&2
tail -n 20 "$log" >&2
exit 1
