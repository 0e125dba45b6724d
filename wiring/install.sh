#!/usr/bin/env bash
# Install the table companion on a Raspberry Pi (Raspberry Pi OS Bookworm or Trixie, Pi 4/5)
# as a kiosk: a `companion` user in the groups the pads, touchscreen, GPU, display, sound
# and serial ports need; the app in /opt/companion/venv with the `pi` extra; Kivy's config
# with one touchscreen input provider; boot to the console; a sandboxed systemd unit.
#
#   sudo wiring/install.sh                 install (again: it is idempotent)
#   wiring/install.sh --dry-run            say every step, change nothing
#   wiring/install.sh --dry-run --root DIR write the files under DIR instead of /, run nothing
#
# With --root (always with --dry-run) the files it writes (unit, udev rule, Kivy config)
# go under DIR, and the commands it would run (apt, groupadd, useradd, pip, systemctl)
# are printed as "+ command", one a line: a test reads both.
#
# lgpio: Raspberry Pi OS has python3-lgpio (and Trixie's Python 3.13 has no lgpio wheel),
# so apt's package is used where apt has it, seen through the venv's system site
# packages; where apt lacks it (plain Debian) pip takes lgpio's wheel from the `pi` extra.
set -euo pipefail

APP_USER=companion
GROUPS_NEEDED=(gpio input render video audio dialout)
PREFIX=/opt/companion
VENV=$PREFIX/venv
STATE=/var/lib/companion
APT_PACKAGES=(python3-venv python3-pip libmtdev1 libgl1-mesa-dri libegl1 libgles2 libasound2)

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
dry=0
root=/

usage() { sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while (($#)); do
    case $1 in
        --dry-run) dry=1 ;;
        --root) [[ $# -ge 2 ]] || { echo "install.sh: --root needs a directory" >&2; exit 2; }
                root=$2; shift ;;
        --root=*) root=${1#--root=} ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
if [[ $root != / ]]; then
    ((dry)) || { echo "install.sh: --root is for --dry-run (a test's copy of the files)" >&2; exit 2; }
    mkdir -p "$root"
    root=$(cd "$root" && pwd)
fi
if ((!dry)) && ((EUID != 0)); then
    echo "install.sh: run it with sudo (it adds a user, packages and a service), or with --dry-run" >&2
    exit 1
fi

# run CMD...: run it, or print it when this is a dry run. Each line is what would run.
run() {
    printf '+ %s\n' "$*"
    ((dry)) || "$@"
}
say() { printf '%s\n' "$*"; }

# put SOURCE-TEXT at PATH (under --root) with MODE and OWNER, only when it differs
put() {
    local path=$1 mode=$2 owner=$3 text=$4 target
    target=${root%/}$path
    if [[ -f $target ]] && [[ $(cat "$target") == "$text" ]]; then
        say "= $path unchanged"
        return
    fi
    if ((dry)) && [[ $root == / ]]; then
        say "> $path (would write)"
        return
    fi
    say "> $path"
    mkdir -p "$(dirname "$target")"
    printf '%s\n' "$text" >"$target"
    chmod "$mode" "$target"
    if ((!dry)); then chown "$owner" "$target"; fi
}

has_group() { getent group "$1" >/dev/null; }
in_group() { id -nG "$APP_USER" 2>/dev/null | tr ' ' '\n' | grep -qx "$1"; }

say "== packages"
missing=()
for package in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
lgpio_from=pip
if apt-cache policy python3-lgpio 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    lgpio_from=apt
    dpkg-query -W -f='${Status}' python3-lgpio 2>/dev/null | grep -q "install ok installed" || missing+=(python3-lgpio)
fi
if ((${#missing[@]})); then
    run apt-get update -q
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
say "lgpio from: $lgpio_from"

say "== groups and user"
for group in "${GROUPS_NEEDED[@]}"; do
    has_group "$group" || run groupadd --system "$group"
done
if ! id -u "$APP_USER" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir "$STATE" --shell /usr/sbin/nologin "$APP_USER"
fi
need=()
for group in "${GROUPS_NEEDED[@]}"; do in_group "$group" || need+=("$group"); done
if ((${#need[@]})); then
    run usermod -aG "$(IFS=,; echo "${need[*]}")" "$APP_USER"
fi

say "== the app"
if [[ ! -x $VENV/bin/python ]]; then
    # the system's python3 and its site packages: apt's python3-lgpio is built for it
    run install -d "$PREFIX"
    run /usr/bin/python3 -m venv --system-site-packages "$VENV"
fi
run "$VENV/bin/pip" install --quiet --upgrade "$src[pi]"
# the unit runs Python with -O (PYTHONOPTIMIZE): its bytecode is compiled here, as root,
# since the app cannot write under /opt and would otherwise compile it at every start
run "$VENV/bin/python" -O -c 'import compileall, sys, sysconfig; sys.exit(not compileall.compile_dir(sysconfig.get_path("purelib"), quiet=1))'
# lgpio makes a FIFO in $LG_WD at import: try it in a scratch folder, removed after (a
# root-owned FIFO left in a shared folder would stop the app's user from importing it)
scratch=$(mktemp -d)
run env LG_WD="$scratch" "$VENV/bin/python" -c "import lgpio"
rm -rf "$scratch"

say "== files"
put /etc/systemd/system/companion.service 0644 root:root "$(cat "$here/companion.service")"
# GPIO chips to the gpio group (Raspberry Pi OS does this already; plain Debian does not),
# and the GPIO chips and DRM cards tagged for systemd, so the unit can wait on them
put /etc/udev/rules.d/60-companion.rules 0644 root:root \
'# written by the table companion'"'"'s wiring/install.sh
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660", TAG+="systemd"
SUBSYSTEM=="drm", KERNEL=="card[0-9]*", TAG+="systemd"'
if ((!dry)); then install -d -o "$APP_USER" -g "$APP_USER" -m 0750 "$STATE" "$STATE/kivy"; fi
put "$STATE/kivy/config.ini" 0644 "$APP_USER:$APP_USER" "$(cat "$here/kivy-config.ini")"

say "== boot to the console, start the app"
if [[ $root == / ]]; then
    current=$(systemctl get-default 2>/dev/null || echo unknown)
else
    current=unknown
fi
[[ $current == multi-user.target ]] || run systemctl set-default multi-user.target
run systemctl enable companion.service  # works offline too (an image being built, a chroot)
if ((dry)) || [[ -d /run/systemd/system ]]; then  # systemd is running: apply it now
    run systemctl daemon-reload
fi
if ((!dry)) && [[ -d /run/systemd/system ]]; then
    run udevadm control --reload
    run udevadm trigger --subsystem-match=gpio --subsystem-match=drm
    run systemctl restart companion.service
fi
say "done: check with  sudo -u $APP_USER env -C $STATE XDG_DATA_HOME=$STATE KIVY_HOME=$STATE/kivy $VENV/bin/companion doctor"
