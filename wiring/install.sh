#!/usr/bin/env bash
# Install the table companion on a Raspberry Pi (Raspberry Pi OS Bookworm or Trixie, Lite or
# desktop, Pi 3/4/5 or Zero 2 W) as a kiosk: the system libraries the app loads (OpenGL, EGL
# and GLES through Mesa, GBM and DRM for the console, mtdev, ALSA); a `companion` user in the
# groups the pads, touchscreen, GPU, display, sound and serial ports need; the app in
# /opt/companion/venv with the `pi` extra; Kivy's config with one touchscreen input provider;
# USB sticks mounted where the app may write its backups; boot to the console; a sandboxed
# systemd unit.
#
#   sudo wiring/install.sh                 install (again: only what is missing or changed)
#   sudo wiring/install.sh --backend serial --port /dev/ttyACM0
#                                          the same, the table's pads on the Pico pad board
#   wiring/install.sh --dry-run            say every step, change nothing
#   wiring/install.sh --dry-run --root DIR write the files under DIR instead of /, run nothing
#   sudo wiring/check-start.sh             then start the installed app as the service would
#
# --backend gpio|serial|sim (default auto: gpio on a Pi) and --port DEVICE (the pad board's;
# default the first USB serial port) go into the kiosk's settings file,
# /etc/companion/companion.toml, with the pad map: written once, never over (the maker
# edits it there; the unit's command names no backend, so the file decides).
#
# With --root (always with --dry-run) the files it writes (unit, udev rules, Kivy config,
# the settings, the guide) go under DIR, and the commands it would run (apt, groupadd,
# useradd, pip, systemctl) are printed as "+ command", one a line: a test reads both. The
# apt packages it needs are always listed on one line, "apt packages: ...", installed or not.
#
# lgpio: Raspberry Pi OS has python3-lgpio (Trixie's Python 3.13 has no lgpio wheel on PyPI),
# so apt's package is used where apt has it, seen through the venv's system site packages.
# Where apt lacks it (plain Debian), pip takes lgpio's wheel, or, for a Python it has no wheel
# for, builds it from its source with swig and the Python headers (apt's), statically linked.
set -euo pipefail

APP_USER=companion
GROUPS_NEEDED=(gpio input render video audio dialout)
PREFIX=/opt/companion
VENV=$PREFIX/venv
STATE=/var/lib/companion
#: where a USB stick is mounted for backups (61-companion-stick.rules); the unit may write
#: under $STICKS (ReadWritePaths=); companion/kiosk/usbdrive.py finds it in /proc/self/mounts
STICKS=/media/companion
STICK=$STICKS/USB-stick
#: the kiosk's settings: which pads the table reads (companion/kiosk/settings.py)
SETTINGS=/etc/companion/companion.toml
#: what a bare Raspberry Pi OS Lite image lacks for the app to start: Python's venv; Kivy's
#: OpenGL (libGL through glvnd) with Mesa's drivers (vc4/v3d on the Pi, software elsewhere)
#: and its EGL; what SDL opens to draw on the console (EGL, GLES, GBM, DRM); the
#: touchscreen's mtdev; ALSA for the sounds (libasound2t64 on Trixie, libasound2 before); a
#: font with CJK letters for names in Chinese, Japanese or Korean (ui/shell/fonts.py); espeak-ng,
#: the offline voice that says the calls (English and French voices included)
APT_PACKAGES=(python3-venv libgl1 libegl1 libgles2 libgbm1 libdrm2 libgl1-mesa-dri libegl-mesa0 libmtdev1
              "libasound2t64|libasound2" fonts-wqy-microhei espeak-ng)
#: what pip needs to build lgpio from its source where neither apt nor PyPI has it built
LGPIO_BUILD_PACKAGES=(swig python3-dev gcc libc6-dev)

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
dry=0
root=/
backend=""
port=""

usage() { sed -n '2,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
refuse() { echo "install.sh: $*" >&2; exit 2; }
while (($#)); do
    case $1 in
        --dry-run) dry=1 ;;
        --root|--backend|--port)
            [[ $# -ge 2 && -n $2 ]] || refuse "$1 needs a value"
            printf -v "${1#--}" '%s' "$2"; shift ;;
        --root=*|--backend=*|--port=*)
            name=${1%%=*}
            [[ -n ${1#*=} ]] || refuse "$name needs a value"
            printf -v "${name#--}" '%s' "${1#*=}" ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
case $backend in
    ""|gpio|serial|sim) ;;
    *) refuse "--backend '$backend': expected gpio, serial or sim" ;;
esac
if [[ -n $port ]]; then
    [[ $backend == serial ]] || refuse "--port is the pad board's serial port: give --backend serial with it"
    # it goes into a TOML string: a device path, nothing a quote or a newline could break
    device='^/dev/[A-Za-z0-9._:+/-]+$'
    [[ $port =~ $device ]] || refuse "--port '$port': expected a device such as /dev/ttyACM0"
fi
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
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

changed=0   # set when a file, the app or the unit changed: the service is restarted only then
rules_changed=0

# put PATH MODE OWNER TEXT: TEXT at PATH (under --root) with MODE and OWNER, only when it differs
put() {
    local path=$1 mode=$2 owner=$3 text=$4 target
    target=${root%/}$path
    if [[ -f $target ]] && [[ $(cat "$target") == "$text" ]]; then
        say "= $path unchanged"
        return 1
    fi
    changed=1
    if ((dry)) && [[ $root == / ]]; then
        say "> $path (would write)"
        return 0
    fi
    say "> $path"
    mkdir -p "$(dirname "$target")"
    printf '%s\n' "$text" >"$target"
    chmod "$mode" "$target"
    if ((!dry)); then chown "$owner" "$target"; fi
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
# the first of "a|b" that this system's apt knows (Trixie renamed libasound2 libasound2t64)
pick() {
    local choice
    IFS='|' read -ra choices <<<"$1"
    for choice in "${choices[@]}"; do
        if installed "$choice" || apt-cache show "$choice" >/dev/null 2>&1; then
            printf '%s' "$choice"
            return
        fi
    done
    printf '%s' "${choices[-1]}"
}
apt_install() {  # the packages given that are not installed yet, in one apt run
    local package missing=()
    for package in "$@"; do installed "$package" || missing+=("$package"); done
    ((${#missing[@]})) || return 0
    run apt-get update -q
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}
# the partition-table UUIDs of the disks holding / and /boot/firmware, one a line (none for a
# mount that is not there, or a disk without a table)
system_disks() {
    local mount source disk
    for mount in / /boot/firmware; do
        source=$(findmnt -n -o SOURCE --mountpoint "$mount" 2>/dev/null) || continue
        disk=$(lsblk -n -d -o PKNAME "$source" 2>/dev/null) || continue
        [[ -n $disk ]] && lsblk -n -d -o PTUUID "/dev/$disk" 2>/dev/null
    done | awk 'NF' | sort -u
}
has_group() { getent group "$1" >/dev/null; }
in_group() { id -nG "$APP_USER" 2>/dev/null | tr ' ' '\n' | grep -qx "$1"; }

say "== packages"
packages=()
for package in "${APT_PACKAGES[@]}"; do packages+=("$(pick "$package")"); done
lgpio_from=pip
if apt-cache policy python3-lgpio 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    lgpio_from=apt
    packages+=(python3-lgpio)
fi
say "apt packages: ${packages[*]}"
apt_install "${packages[@]}"
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
python=/usr/bin/python3
if [[ ! -x $VENV/bin/python ]]; then
    # the system's python3 and its site packages: apt's python3-lgpio is built for it
    run install -d "$PREFIX"
    run "$python" -m venv --system-site-packages "$VENV"
fi
# what pip would install: the sources it packages, the extra, the Python they are for
fingerprint=$(cd "$src" && { find pyproject.toml README.md companion hardware ui -type f ! -name '*.pyc' \
    ! -path '*/__pycache__/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum; readlink -f "$python"; echo "[pi]"; } \
    | sha256sum | cut -c1-16)
stamp=${root%/}$PREFIX/installed-source  # the fingerprint of the sources last installed
say "app sources: $fingerprint"
if [[ -f $stamp && $(cat "$stamp") == "$fingerprint" && -x ${root%/}$VENV/bin/companion ]]; then
    say "= the app unchanged (source $fingerprint): not reinstalled"
else
    changed=1
    if [[ $lgpio_from == pip ]]; then
        # a wheel where PyPI has one for this Python; else lgpio's source, linked statically
        # (PYPI=1: its setup.py then compiles its own C library in, nothing else to install)
        if ! run "$VENV/bin/pip" install --quiet --only-binary lgpio 'lgpio>=0.2'; then
            version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
            say "lgpio: no wheel for Python $version and no python3-lgpio in apt: building it from its source"
            apt_install "${LGPIO_BUILD_PACKAGES[@]}"
            run env PYPI=1 "$VENV/bin/pip" install --quiet --use-pep517 --no-binary lgpio 'lgpio>=0.2' \
                || die "lgpio could not be built for Python $version: on Raspberry Pi OS run 'sudo apt install python3-lgpio' and this again (or use a Python with an lgpio wheel, 3.9 to 3.12)"
        fi
    fi
    run "$VENV/bin/pip" install --quiet --upgrade "$src[pi]"
    # the unit runs Python with -O (PYTHONOPTIMIZE): its bytecode, ui/ included (the app is
    # `python -O -m ui`), is compiled here, as root, since the app cannot write under /opt and
    # would otherwise compile it at every start; files already compiled are left as they are
    run "$VENV/bin/python" -O -c 'import compileall, sys, sysconfig; sys.exit(not compileall.compile_dir(sysconfig.get_path("purelib"), quiet=1))'
    if ((!dry)); then printf '%s\n' "$fingerprint" >"$stamp"; fi
fi
# lgpio makes a FIFO in $LG_WD at import: try it in a scratch folder, removed after (a
# root-owned FIFO left in a shared folder would stop the app's user from importing it)
scratch=$(mktemp -d)
run env LG_WD="$scratch" "$VENV/bin/python" -c "import lgpio"
rm -rf "$scratch"

say "== files"
unit_changed=0
put /etc/systemd/system/companion.service 0644 root:root "$(cat "$here/companion.service")" && unit_changed=1
# the maker's guide, where the unit's Documentation= points (`systemctl help companion`)
put "$PREFIX/README.md" 0644 root:root "$(cat "$here/README.md")" || true
# GPIO chips to the gpio group (Raspberry Pi OS does this already; plain Debian does not),
# and the GPIO chips and DRM cards tagged for systemd, so the unit can wait on them
put /etc/udev/rules.d/60-companion.rules 0644 root:root \
'# written by the table companion'"'"'s wiring/install.sh
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660", TAG+="systemd"
SUBSYSTEM=="drm", KERNEL=="card[0-9]*", TAG+="systemd"' && rules_changed=1
# a USB stick (FAT or exFAT, as sold) mounted at $STICK, owned by the app's user, so the
# sandboxed app can write its backup there; unmounted by systemd when it is pulled out.
# After 60-persistent-storage.rules, which reads the filesystem (ID_FS_*); systemd-mount
# asks systemd to mount it (udev's own mounts would stay in udev's namespace).
mount_options="uid=$APP_USER,gid=$APP_USER,umask=0077,nosuid,nodev,noexec"
# A Pi booting from a USB SSD has its boot partition (FAT) and / on a USB disk too: that disk
# is left out, by its partition table's UUID, which udev gives each of its partitions
# (60-persistent-storage.rules imports the disk's ID_* into them). A stick cloned from that
# disk shares the UUID and is left out too; one made as sold never does.
not_system=""
for uuid in $(system_disks); do not_system+="ENV{ID_PART_TABLE_UUID}!=\"$uuid\", "; done
put /etc/udev/rules.d/61-companion-stick.rules 0644 root:root \
"# written by the table companion's wiring/install.sh: a USB stick for backups at $STICK
ACTION==\"add\", SUBSYSTEMS==\"usb\", SUBSYSTEM==\"block\", ENV{ID_FS_USAGE}==\"filesystem\", ${not_system}ENV{ID_FS_TYPE}==\"vfat\", RUN{program}+=\"/usr/bin/systemd-mount --no-block --automount=no --collect --options=$mount_options,flush \$devnode $STICK\"
ACTION==\"add\", SUBSYSTEMS==\"usb\", SUBSYSTEM==\"block\", ENV{ID_FS_USAGE}==\"filesystem\", ${not_system}ENV{ID_FS_TYPE}==\"exfat\", RUN{program}+=\"/usr/bin/systemd-mount --no-block --automount=no --collect --options=$mount_options \$devnode $STICK\"" \
    && rules_changed=1
[[ -d ${root%/}$STICKS ]] || run install -d -m 0755 "$STICKS"
if ((!dry)); then install -d -o "$APP_USER" -g "$APP_USER" -m 0750 "$STATE" "$STATE/kivy"; fi
# Kivy's config: written once. Kivy adds its own defaults to it at the app's first start, and
# a maker may edit its touchscreen line: a later run keeps it (delete it to get this one again)
if [[ -f ${root%/}$STATE/kivy/config.ini ]]; then
    say "= $STATE/kivy/config.ini kept (Kivy's and yours: delete it to have install.sh write it again)"
else
    put "$STATE/kivy/config.ini" 0644 "$APP_USER:$APP_USER" "$(cat "$here/kivy-config.ini")" || true
fi
# the kiosk's settings (backend, port, the pad map with each tile's RFID reader): written
# once, from --backend/--port and the built-in pad map; after that the maker's, never over
settings_text() {
    cat <<EOF
# The table companion's settings on this kiosk: which pads it reads. Written once by
# wiring/install.sh, never over: edit it here, then  sudo systemctl restart companion
# The app, \`companion doctor\` and \`companion pads\` read it; --backend, --port and
# --pads given on their command line win. Guide: /opt/companion/README.md, "The kiosk's settings".
#
#   backend   gpio (buttons on the Pi's pins) | serial (the Pico pad board) | sim | auto (gpio on a Pi)
#   port      the pad board's serial port; left out: the first USB serial port
#   [[pad]]   the pad map, one table a pad (below); rfid = "/dev/ttyAMA2" names the serial
#             port of the RDM6300 reader under that pad's tile

backend = "${backend:-auto}"
EOF
    if [[ -n $port ]]; then printf 'port = "%s"\n' "$port"; fi
    printf '\n'
    cat "$src/hardware/pads.toml"
}
if [[ -f ${root%/}$SETTINGS ]]; then
    say "= $SETTINGS kept (yours: edit it, then sudo systemctl restart companion)"
    if [[ -n $backend$port ]]; then
        say "  --backend/--port not written over it: set backend = and port = in it"
    fi
else
    put "$SETTINGS" 0644 root:root "$(settings_text)" || true
fi

say "== boot to the console, start the app"
if [[ $root == / ]]; then
    current=$(systemctl get-default 2>/dev/null || echo unknown)
    enabled=$(systemctl is-enabled companion.service 2>/dev/null || true)
else
    current=unknown enabled=unknown
fi
[[ $current == multi-user.target ]] || run systemctl set-default multi-user.target
[[ $enabled == enabled ]] || run systemctl enable companion.service  # offline too (an image, a chroot)
if ((dry)) || [[ -d /run/systemd/system ]]; then  # systemd is running: apply it now
    ((unit_changed || dry)) && run systemctl daemon-reload
    if ((rules_changed || dry)); then
        run udevadm control --reload
        run udevadm trigger --subsystem-match=gpio --subsystem-match=drm
    fi
    if ((changed || dry)); then
        run systemctl restart companion.service
    elif systemctl is-active --quiet companion.service; then
        say "= nothing changed: companion.service left running as it is"
    else
        run systemctl start companion.service
    fi
fi
say "done: check with  sudo -u $APP_USER env -C $STATE XDG_DATA_HOME=$STATE KIVY_HOME=$STATE/kivy SDL_VIDEODRIVER=kmsdrm $VENV/bin/companion doctor"
say "      and start it as the service would (no screen needed):  sudo $here/check-start.sh"
