// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's subject prefixes by path (subject_convention()), as rows
 * of data read in order by a small interpreter: the first row whose
 * folder holds the path, whose conditions hold and whose every field
 * has a value gives the prefix.
 *
 * A row's format is text with fields in braces; a field is one or more
 * parts separated by '|', the first that has a value:
 *   0 .. 4   the n-th folder of the path ("drivers/net/x.c", 1: "net")
 *   r0, r1   the n-th folder below the row's own folder
 *   stem     the file's name without folder or extension ("tmp513")
 *   head     the stem up to its first '-' or '_' ("omap3-beagle": "omap3")
 *   lead     the stem up to its first '_' ("sbs-manager", "bq27xxx_battery":
 *            "bq27xxx")
 *   own      the name of the folder the file is in
 *   header   a header's part of the kernel: its first folder, or its
 *            stem, below include/[uapi/][linux/[platform_data/]]
 *   driver   a driver alone in its class: its stem without the class's
 *            name ("pwm-sunplus.c" in pwm/: "sunplus"), none where that
 *            says nothing (the class's own name, Kconfig, Makefile)
 *   =TEXT    TEXT itself
 * and a part may end in ~CUT (cut CUT from its start where more follows,
 * else from its end where more comes before: "hid-" of "hid-sony"),
 * -CUT (from its end only, where more comes before) or ! (empty is no
 * value).
 */
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "subject.h"

enum {
	R_EXACT = 1 << 0,	/* the folder itself */
	R_FILE = 1 << 1,	/* a file, not a folder ("dir/") */
	R_FLAT = 1 << 2,	/* directly in the folder (or the folder) */
	R_ONE = 1 << 3,		/* in a folder directly in the folder */
	R_DEEP = 1 << 4,	/* in a folder below the folder */
	R_FIRM = 1 << 5,	/* a subsystem's own fixed form */
	R_WORD = 1 << 6,	/* the folder itself: its first words */
	R_TWO = 1 << 7,		/* in a folder two below the folder */
};

struct prefix_rule {
	const char *dir;	/* the path begins with it */
	const char *fmt;
	int capital;
	unsigned flags;
	const char *name;	/* and the file's stem begins with it */
};

/* In the order they are tried: the narrower folder first. */
static const struct prefix_rule rules[] = {
	/*
	 * "dt-bindings: <binding dir>: " (bindings/submitting-patches.rst),
	 * a binding's own name after it: "dt-bindings: display: bridge:
	 * ti,sn65dsi86: " (several bindings share what their folders say).
	 */
	{ "Documentation/devicetree/bindings/",
	  "dt-bindings: {r0}: {r1}: {stem}: ", 1, 0, NULL },
	{ "Documentation/devicetree/bindings/",
	  "dt-bindings: {r0}: {r1|stem}: ", 1, 0, NULL },
	{ "Documentation/devicetree/bindings/", "dt-bindings: {r0}: ", 1, 0,
	  NULL },
	{ "Documentation/devicetree/bindings/", "dt-bindings: {stem}: ", 1,
	  0, NULL },
	{ "include/dt-bindings/", "dt-bindings: ", 1, 0, NULL },
	/*
	 * KVM/arm64's documents, as its section (KERNEL VIRTUAL MACHINE FOR
	 * ARM64) titles all its work: "KVM: arm64: " (32-bit KVM/arm is
	 * gone since 5.7).
	 */
	{ "Documentation/virt/kvm/arm/", "KVM: arm64: ", 1, R_FIRM, NULL },
	/* Its x86 documents are KVM x86's ("KVM: x86: "), as the same. */
	{ "Documentation/virt/kvm/x86/", "KVM: x86: ", 1, R_FIRM, NULL },
	/*
	 * netdev's documents: "docs: networking: " (its own tree's subjects
	 * for Documentation/networking/).
	 */
	{ "Documentation/networking/", "docs: networking: ", 0, 0, NULL },
	/*
	 * The power management documents: "PM: docs: " (linux-pm's "PM:
	 * docs: Drop an excess character from devices.rst"); not firm, so
	 * that a section of its own (regulator/, opp.rst) names its own.
	 */
	{ "Documentation/power/", "PM: docs: ", 1, 0, NULL },
	/*
	 * The ABI's descriptions by their folder, as the docs tree writes:
	 * "docs: ABI: testing: ima_policy: Fix missed bracket".
	 */
	{ "Documentation/ABI/", "docs: ABI: {r0}: ", 0, 0, NULL },
	{ "Documentation/ABI/", "docs: ABI: ", 0, 0, NULL },
	/* BPF's documents: "bpf, docs: Fix ...", as the bpf tree writes. */
	{ "Documentation/bpf/", "bpf, docs: ", 0, 0, NULL },
	{ "Documentation/", "docs: ", 0, 0, NULL },
	/* A PCI host driver: "PCI: dw-rockchip: " (pcie-dw-rockchip.c). */
	{ "drivers/pci/controller/", "PCI: {stem~pci-}: ", 1, R_FILE, "pci-" },
	{ "drivers/pci/controller/", "PCI: {stem~pcie-}: ", 1, R_FILE, NULL },
	/*
	 * Subsystems whose prefix is one word or a fixed form: the
	 * spelling their own history uses.
	 */
	{ "drivers/bluetooth/", "Bluetooth: ", 1, R_FIRM, NULL },
	{ "net/bluetooth/", "Bluetooth: ", 1, R_FIRM, NULL },
	/*
	 * A driver of the input tree by its name and a dash, in lower case
	 * as the tree writes: "Input: usbtouchscreen - fix control-request
	 * directions", "Input: constify ...".
	 */
	{ "drivers/input/", "Input: {stem} - ", 0, R_ONE | R_FIRM, NULL },
	{ "drivers/input/", "Input: ", 0, R_FIRM, NULL },
	{ "tools/lib/bpf/", "libbpf: ", 1, R_FIRM, NULL },
	{ "tools/testing/selftests/rcutorture/", "torture: ", 1, R_FIRM, NULL },
	{ "include/linux/compiler_attributes.h", "Compiler Attributes: ", 1,
	  R_FIRM, NULL },
	/*
	 * The compilers' headers by their file's name: "compiler-clang.h: ",
	 * "compiler_types.h: ", as the kernel's history writes them.
	 */
	{ "include/linux/compiler", "{stem}.h: ", 0, R_FLAT, NULL },
	{ "drivers/pci/", "PCI: ", 1, R_FIRM, NULL },
	{ "virt/kvm/", "KVM: ", 1, R_FIRM, NULL },
	{ "arch/x86/kvm/", "KVM: x86: ", 1, R_FIRM, NULL },
	{ "arch/arm64/kvm/", "KVM: arm64: ", 1, R_FIRM, NULL },
	{ "arch/mips/", "MIPS: ", 1, R_FIRM, NULL },
	{ "net/core/", "net: ", 0, R_FIRM, NULL },
	/* Those that name the driver, by its stem; the folder: the word. */
	{ "drivers/edac/", "EDAC/{stem~_edac}: ", 1, R_FLAT | R_WORD, NULL },
	{ "drivers/hwmon/", "hwmon: ({stem}) ", 1, R_FLAT | R_WORD, NULL },
	/*
	 * hwmon's drivers in folders keep its parentheses, the folder and
	 * the driver: "hwmon: (pmbus/lm25066) ", the core's "hwmon: (pmbus) "
	 * (pmbus.c, pmbus_core.c), as hwmon's tree writes them.
	 */
	{ "drivers/hwmon/", "hwmon: ({2}) ", 1, R_ONE, "pmbus" },
	{ "drivers/hwmon/", "hwmon: ({2}/{stem}) ", 1, R_ONE, NULL },
	{ "drivers/hwmon/", "hwmon: ({2}) ", 1, 0, NULL },
	{ "drivers/misc/", "misc: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/hid/", "HID: {stem~hid-}: ", 1, R_FLAT | R_WORD, NULL },
	/*
	 * The TPM drivers are "tpm: " and the driver, as the TPM tree
	 * (jarkko/linux-tpmdd) writes: "tpm: tpm_tis_spi: " (of
	 * tpm_tis_spi_main.c), not "char: tpm: ".
	 */
	{ "drivers/char/tpm/", "tpm: {stem-_main}: ", 1, R_FLAT, NULL },
	{ "drivers/char/tpm/", "tpm: ", 1, 0, NULL },
	{ "drivers/char/", "char: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/gpio/", "gpio: {stem~gpio-}: ", 1, R_FLAT | R_WORD, NULL },
	{ "drivers/i2c/busses/", "i2c: {stem~i2c-}: ", 1, R_FLAT | R_WORD,
	  NULL },
	{ "drivers/spi/", "spi: {stem~spi-}: ", 1, R_FLAT | R_WORD, NULL },
	{ "drivers/tty/serial/", "serial: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/scsi/", "scsi: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/ata/", "ata: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/mmc/host/", "mmc: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/platform/x86/", "platform/x86: {stem}: ", 1,
	  R_FLAT | R_WORD, NULL },
	{ "drivers/platform/chrome/", "platform/chrome: {stem}: ", 1,
	  R_FLAT | R_WORD, NULL },
	{ "sound/soc/codecs/", "ASoC: {stem}: ", 1, R_FLAT | R_WORD, NULL },
	{ "sound/pci/", "ALSA: {stem}: ", 1, R_FLAT | R_WORD, NULL },
	/* The wireless drivers and stacks: "wifi: mac80211_hwsim: ". */
	{ "drivers/net/wireless/", "wifi: {stem}: ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/net/wireless/", "wifi: {4|3|=wireless}: ", 0, 0, NULL },
	{ "net/mac80211/", "wifi: mac80211: ", 0, 0, NULL },
	{ "net/wireless/", "wifi: cfg80211: ", 0, 0, NULL },
	/* A power supply driver by its name: "power: supply: bq27xxx: ". */
	{ "drivers/power/supply/", "power: supply: ", 0, 0, "Kconfig" },
	{ "drivers/power/supply/", "power: supply: ", 0, 0, "Makefile" },
	/*
	 * The name up to its '_' only: "sbs-manager", not "sbs" (which
	 * sbs-battery and sbs-charger share).
	 */
	{ "drivers/power/supply/", "power: supply: {lead}: ", 0,
	  R_FLAT | R_WORD, NULL },
	/*
	 * Media's deprecated drivers by their own folder, not
	 * "deprecated": "media: saa7146: " (staging/media/deprecated/).
	 */
	{ "drivers/staging/media/deprecated/", "media: {4}: ", 0, 0, NULL },
	/* Media's staging drivers are media's: "media: staging: ipu3: ". */
	{ "drivers/staging/media/", "media: staging: {3}: ", 0, 0, NULL },
	{ "drivers/staging/media/", "media: staging: ", 0, 0, NULL },
	/*
	 * Media names the driver, not its bus's folder: "media: omap3isp: "
	 * (platform/VENDOR/DRIVER/), else the vendor and the file's driver
	 * ("media: verisilicon: hantro: " of verisilicon/hantro_h264.c),
	 * "media: gspca: " (usb/gspca/), "media: radio-mr800: ", "media: i2c:
	 * ov5640: " (the sensors keep their folder).
	 */
	{ "drivers/media/platform/", "media: {4}: ", 0, 0, NULL },
	{ "drivers/media/platform/", "media: {3}: {head}: ", 0, 0, NULL },
	{ "drivers/media/platform/", "media: {3}: ", 0, 0, NULL },
	{ "drivers/media/usb/", "media: {3}: ", 0, 0, NULL },
	{ "drivers/media/pci/", "media: {3}: ", 0, 0, NULL },
	{ "drivers/media/i2c/", "media: {3}: ", 0, 0, NULL },
	{ "drivers/media/i2c/", "media: i2c: {driver}: ", 0, R_FLAT, NULL },
	{ "drivers/media/radio/", "media: {driver}: ", 0, R_FLAT | R_FILE,
	  NULL },
	/* A frontend or a tuner by its own name: "media: si2165: ". */
	{ "drivers/media/dvb-frontends/", "media: {stem}: ", 0,
	  R_FLAT | R_WORD, NULL },
	{ "drivers/media/tuners/", "media: {stem}: ", 0, R_FLAT | R_WORD,
	  NULL },
	/*
	 * A remote control driver by its name ("media: ite-cir: "); rc-core
	 * (rc-*.c, lirc_dev.c) and the build files are "media: rc: ".
	 */
	{ "drivers/media/rc/", "media: rc: ", 0, R_FLAT, "rc-" },
	{ "drivers/media/rc/", "media: rc: ", 0, R_FLAT, "lirc" },
	{ "drivers/media/rc/", "media: {stem}: ", 0, R_FLAT | R_FILE, NULL },
	{ "drivers/media/rc/", "media: rc: ", 0, 0, NULL },
	/*
	 * A block driver by its own name: "drbd: ", "aoe: ", "null_blk: "
	 * (drivers/block/null_blk/), as Jens' tree has them.
	 */
	{ "drivers/block/", "{2}: ", 0, 0, NULL },
	{ "drivers/block/", "{stem}: ", 0, R_FLAT, NULL },
	/*
	 * The device mapper's targets: "dm crypt: " (dm-crypt.c), else
	 * "dm: " (its files, drivers/md/dm*, as MAINTAINERS lists them).
	 */
	{ "drivers/md/", "dm {stem~dm-}: ", 0, R_FLAT, "dm-" },
	{ "drivers/md/dm", "dm: ", 0, 0, NULL },
	/* md's personalities: "md/raid5: ". */
	{ "drivers/md/", "md/{stem}: ", 0, R_FLAT, "raid" },
	/* The thermal drivers' own form: "thermal/drivers/ti-soc-thermal: ". */
	{ "drivers/thermal/", "thermal/drivers/{2}: ", 1, 0, NULL },
	/* USB serial's: "USB: serial: ftdi_sio: ". */
	{ "drivers/usb/serial/", "USB: serial: {driver}: ", 0, R_FLAT | R_FIRM,
	  NULL },
	{ "drivers/usb/serial/", "USB: serial: ", 0, R_FIRM, NULL },
	/* ACPI and PNP in capitals: "ACPI: video: ", "PNP: quirks: ". */
	{ "drivers/acpi/acpica/", "ACPICA: ", 1, R_FIRM, NULL },
	{ "drivers/acpi/", "ACPI: {2}: ", 1, R_FIRM, NULL },
	{ "drivers/acpi/", "ACPI: ", 1, R_FIRM, "Kconfig" },
	{ "drivers/acpi/", "ACPI: ", 1, R_FIRM, "Makefile" },
	{ "drivers/acpi/", "ACPI: {head}: ", 1, R_FLAT | R_WORD | R_FIRM,
	  NULL },
	{ "drivers/pnp/", "PNP: {2}: ", 1, R_FIRM, NULL },
	{ "drivers/pnp/", "PNP: ", 1, R_FIRM, "Kconfig" },
	{ "drivers/pnp/", "PNP: ", 1, R_FIRM, "Makefile" },
	{ "drivers/pnp/", "PNP: {stem}: ", 1, R_FLAT | R_WORD | R_FIRM,
	  NULL },
	/*
	 * The power management core: "PM: " (linux-pm's "PM: hibernate:
	 * ", "PM: sleep: ", "PM: runtime: "), not "power: ", which is
	 * drivers/power/'s ("power: supply: ").
	 */
	{ "drivers/base/power/", "PM: ", 1, 0, NULL },
	{ "kernel/power/", "PM: ", 1, 0, NULL },
	/* w1's bus masters and slaves by name: "w1: ds2482: ". */
	{ "drivers/w1/masters/", "w1: {driver|stem}: ", 0, R_FLAT, NULL },
	{ "drivers/w1/slaves/", "w1: {stem}: ", 0, R_FLAT, NULL },
	/*
	 * The RDMA tree's "RDMA/rtrs: ", "RDMA/mlx5: ", "RDMA/core: " (a
	 * driver of hw/, sw/ or ulp/ by its folder).
	 */
	{ "drivers/infiniband/core/", "RDMA/core: ", 1, 0, NULL },
	{ "drivers/infiniband/", "RDMA/{3}: ", 1, R_DEEP, NULL },
	{ "drivers/infiniband/", "RDMA: ", 1, 0, NULL },
	/* "remoteproc: da8xx: " of da8xx_remoteproc.c, as its tree writes. */
	{ "drivers/remoteproc/", "remoteproc: {stem-_remoteproc}: ", 0,
	  R_FLAT | R_WORD, NULL },
	/* EFI's own: "efi/libstub: ", "efi: " (not "firmware: efi: "). */
	{ "drivers/firmware/efi/libstub/", "efi/libstub: ", 0, 0, NULL },
	{ "drivers/firmware/efi/", "efi: ", 0, 0, NULL },
	/*
	 * mlx5's own: "net/mlx5e: " for the Ethernet part (core/en_*,
	 * core/en/, its MAINTAINERS F: lines), else "net/mlx5: ".
	 */
	{ "drivers/net/ethernet/mellanox/mlx5/core/en/", "net/mlx5e: ", 1,
	  R_FIRM, NULL },
	{ "drivers/net/ethernet/mellanox/mlx5/core/", "net/mlx5e: ", 1,
	  R_FIRM | R_FLAT, "en_" },
	{ "drivers/net/ethernet/mellanox/mlx5/", "net/mlx5: ", 1, R_FIRM,
	  NULL },
	/*
	 * A driver directly in its vendor's folder by both: "net: dlink:
	 * sundance: ", "net: 3com: typhoon: "; the folder's build files
	 * are the vendor's.
	 */
	{ "drivers/net/ethernet/", "net: {3}: {stem}: ", 0, R_ONE, NULL },
	/* USB network drivers by name: "net: usb: qmi_wwan: ". */
	{ "drivers/net/usb/", "net: usb: {stem}: ", 0, R_FLAT, NULL },
	/* WireGuard's own, by file: "wireguard: noise: reject peers ...". */
	{ "drivers/net/wireguard/", "wireguard: {stem}: ", 0, R_FLAT, NULL },
	{ "drivers/net/wireguard/", "wireguard: ", 0, 0, NULL },
	/* drivers/net/ethernet/VENDOR/DRV/: "net: DRV: " (else VENDOR). */
	{ "drivers/net/ethernet/", "net: {4|3}: ", 0, 0, NULL },
	{ "drivers/net/can/", "can: {3}: ", 0, 0, NULL },
	{ "drivers/net/can/", "can: ", 0, 0, NULL },
	/*
	 * The framebuffer drivers: "fbdev: " and the driver, as the fbdev
	 * tree (deller/linux-fbdev) writes since 2022, not "video: fbdev: ".
	 */
	{ "drivers/video/fbdev/", "fbdev: {stem}: ", 1, R_FLAT | R_WORD, NULL },
	{ "drivers/video/fbdev/", "fbdev: {4|3}: ", 1, 0, NULL },
	{ "drivers/video/fbdev/", "fbdev: ", 1, 0, NULL },
	/* A panel or a bridge by its name: "drm/panel: jdi-lt070me05000: ". */
	{ "drivers/gpu/drm/panel/", "drm/panel: {stem~panel-}: ", 1,
	  R_FLAT | R_WORD, NULL },
	{ "drivers/gpu/drm/bridge/", "drm/bridge: {stem}: ", 1, R_FLAT | R_WORD,
	  NULL },
	/*
	 * AMD's parts, as its tree (agd5f/linux) writes them: "drm/amdgpu: ",
	 * "drm/amdkfd: ", "drm/amd/display: ", "drm/amd/pm: ".
	 */
	{ "drivers/gpu/drm/amd/amdgpu/", "drm/amdgpu: ", 1, 0, NULL },
	{ "drivers/gpu/drm/amd/amdkfd/", "drm/amdkfd: ", 1, 0, NULL },
	{ "drivers/gpu/drm/amd/", "drm/amd/{4}: ", 1, 0, NULL },
	{ "drivers/gpu/drm/", "drm: ", 1, R_EXACT, NULL },
	{ "drivers/gpu/drm/", "drm/{3-drm}: ", 1, 0, NULL },
	{ "drivers/iio/", "iio: {2}: {stem}: ", 0, R_ONE, NULL },
	/* Device trees: "ARM: dts: omap3: ", "arm64: dts: ti: k3: ". */
	{ "arch/arm/boot/dts/", "ARM: dts: {head}: ", 1, 0, NULL },
	{ "arch/arm/boot/dts/", "ARM: dts: ", 1, 0, NULL },
	{ "arch/arm64/boot/dts/", "arm64: dts: {4}: {head}: ", 1, 0, NULL },
	{ "arch/arm64/boot/dts/", "arm64: dts: {4}: ", 1, 0, NULL },
	{ "arch/arm64/boot/dts/", "arm64: dts: ", 1, 0, NULL },
	/* "powerpc: dts: turris1x.dts: ...", as its tree writes them. */
	{ "arch/powerpc/boot/dts/", "powerpc: dts: ", 1, 0, NULL },
	/*
	 * The crypto subsystem's own form for an architecture's ciphers:
	 * "crypto: x86 - " (a patch over several shares "crypto: ").
	 */
	{ "arch/arm/crypto/", "crypto: arm - ", 0, R_FIRM, NULL },
	{ "arch/arm64/crypto/", "crypto: arm64 - ", 0, R_FIRM, NULL },
	{ "arch/mips/crypto/", "crypto: mips - ", 0, R_FIRM, NULL },
	{ "arch/powerpc/crypto/", "crypto: powerpc - ", 0, R_FIRM, NULL },
	{ "arch/s390/crypto/", "crypto: s390 - ", 0, R_FIRM, NULL },
	{ "arch/sparc/crypto/", "crypto: sparc - ", 0, R_FIRM, NULL },
	{ "arch/x86/crypto/", "crypto: x86 - ", 0, R_FIRM, NULL },
	/* ARM's board support by its platform: "ARM: OMAP1: ", "ARM: pxa: ". */
	{ "arch/arm/mach-omap1/", "ARM: OMAP1: ", 1, R_FIRM, NULL },
	{ "arch/arm/mach-omap2/", "ARM: OMAP2+: ", 1, R_FIRM, NULL },
	{ "arch/arm/mach-", "ARM: {2~mach-}: ", 0, 0, NULL },
	/*
	 * tip's "x86/Kconfig: " and "x86/PCI: " (Bjorn's and tip's
	 * spelling of arch/x86/pci/).
	 */
	{ "arch/x86/Kconfig", "x86/Kconfig: ", 1, R_FIRM, NULL },
	{ "arch/x86/pci/", "x86/PCI: ", 1, R_FIRM, NULL },
	/* arch/x86/kernel/apm_32.c: "x86/apm_32: ", as x86 writes. */
	{ "arch/x86/kernel/", "x86/{stem}: ", 1, R_FLAT, NULL },
	/* The file's own folder: arch/x86/entry/vdso/ -> vdso. */
	{ "arch/x86/", "x86/{own}: ", 1, R_DEEP, NULL },
	{ "arch/x86/", "x86: ", 1, 0, NULL },
	{ "arch/arm/", "ARM: ", 1, 0, NULL },
	/*
	 * m68k's platforms by their folder, capitalised, as Geert's tree
	 * writes ("m68k: mac: Fix macintosh_config for Mac II"); its
	 * kernel/, mm/, include/ and build files are m68k's own.
	 */
	{ "arch/m68k/kernel/", "m68k: ", 1, 0, NULL },
	{ "arch/m68k/include/asm/mac_", "m68k: mac: ", 1, 0, NULL },
	{ "arch/m68k/include/", "m68k: ", 1, 0, NULL },
	{ "arch/m68k/mm/", "m68k: ", 1, 0, NULL },
	{ "arch/m68k/", "m68k: {2}: ", 1, R_DEEP, NULL },
	{ "arch/", "{1}: ", 0, 0, NULL },
	/* WireGuard's tests are its own: "wireguard: selftests: ". */
	{ "tools/testing/selftests/wireguard/", "wireguard: selftests: ", 0, 0,
	  NULL },
	{ "tools/testing/selftests/", "selftests/{3}: ", 0, 0, NULL },
	{ "sound/soc/", "ASoC: {2}: ", 1, 0, NULL },
	/*
	 * ALSA names the driver or the core part, not its bus's folder:
	 * "ALSA: hda: " (sound/pci/hda/), "ALSA: usx2y: ", "ALSA: seq: ";
	 * the USB audio driver's own files are "ALSA: usb-audio: ".
	 */
	{ "sound/usb/", "ALSA: usb-audio: ", 1, R_FLAT, NULL },
	{ "sound/", "ALSA: {2}: ", 1, 0, NULL },
	{ "sound/", "ALSA: {1}: ", 1, 0, NULL },
	{ "sound/", "ALSA: ", 1, 0, NULL },
	/* The Type-C drivers by their folder: "usb: typec: tipd: ", "tcpm". */
	{ "drivers/usb/typec/", "usb: typec: {3}: ", 0, R_DEEP, NULL },
	{ "drivers/usb/", "usb: {2}: ", 0, 0, NULL },
	{ "drivers/staging/", "staging: {2}: ", 0, 0, NULL },
	/* Encryption and verity of every filesystem: their own names. */
	{ "fs/crypto/", "fscrypt: ", 0, 0, NULL },
	{ "fs/verity/", "fsverity: ", 0, 0, NULL },
	/*
	 * The block layer's parts as its tree writes them: "block, bfq: ",
	 * "partitions/efi: " (block/partitions/efi.c).
	 */
	{ "block/bfq", "block, bfq: ", 0, R_FLAT, NULL },
	{ "block/partitions/", "partitions/{stem}: ", 0, R_FLAT, NULL },
	/* The SMB server is ksmbd, as its tree writes ("ksmbd: fix ..."). */
	{ "fs/smb/server/", "ksmbd: ", 0, 0, NULL },
	/* fs/smb/client/: "smb: client: ". */
	{ "fs/", "{1}: {2}: ", 0, 0, NULL },
	/* fs/ext4/, net/ipv4/: the filesystem's or protocol's own name. */
	{ "fs/", "{1}: ", 0, 0, NULL },
	/*
	 * netdev's own forms where the folder's name is another
	 * subsystem's ("sched: " is the scheduler's): "net/sched: ",
	 * "net/smc: "; TCP's congestion controls are "tcp: ".
	 */
	{ "net/sched/", "net/sched: ", 0, 0, NULL },
	/* linux-can names the part: "can: gw: ", "can: j1939: ". */
	{ "net/can/", "can: {2}: ", 0, 0, NULL },
	{ "net/can/", "can: {stem}: ", 0, R_FLAT, NULL },
	{ "net/smc/", "net/smc: ", 0, 0, NULL },
	{ "net/ipv4/", "tcp: ", 0, R_FLAT, "tcp" },
	{ "net/", "{1}: ", 0, 0, NULL },
	{ "security/", "{1}: ", 0, 0, NULL },
	/*
	 * Where the kernel keeps its tools, libraries and core, the part's
	 * own name: "kconfig: " (scripts/kconfig/), "checkpatch: " (a
	 * script's stem; "kbuild: " for a Makefile), "sched: "
	 * (kernel/sched/), "seccomp: " (kernel/seccomp.c).
	 */
	{ "scripts/", "{1}: ", 0, 0, NULL },
	{ "scripts/", "kbuild: ", 0, 0, "Makefile" },
	{ "scripts/", "kbuild: ", 0, 0, "Kbuild" },
	{ "scripts/", "{stem!}: ", 0, 0, NULL },
	{ "kernel/", "{1}: ", 0, 0, NULL },
	{ "kernel/", "kbuild: ", 0, 0, "Makefile" },
	{ "kernel/", "kbuild: ", 0, 0, "Kbuild" },
	{ "kernel/", "{stem!}: ", 0, 0, NULL },
	/*
	 * The crypto tree's "crypto: NAME - " of an algorithm or a driver:
	 * "crypto: lrw - ", "crypto: keembay - ", "crypto: atmel-sha204a - ".
	 */
	{ "crypto/", "crypto: {stem} - ", 0, R_FLAT | R_WORD, NULL },
	{ "drivers/crypto/", "crypto: {2} - ", 0, 0, NULL },
	{ "drivers/crypto/", "crypto: {stem} - ", 0, R_FLAT | R_WORD, NULL },
	/*
	 * The crypto library is crypto's: "crypto: lib/sha256 - ", in the
	 * crypto tree's form (as its arch ciphers above).
	 */
	{ "lib/crypto/", "crypto: lib/{stem} - ", 0, R_FLAT | R_FIRM, NULL },
	{ "lib/crypto/", "crypto: lib - ", 0, R_FIRM, NULL },
	/* "lib/xz: ", "lib/vsprintf: ", "mm/kasan: "; build files: "lib: ". */
	{ "lib/", "lib/{1}: ", 0, 0, NULL },
	{ "lib/", "lib: ", 0, 0, "Kconfig" },
	{ "lib/", "lib: ", 0, 0, "Makefile" },
	{ "lib/", "lib/{stem!}: ", 0, 0, NULL },
	{ "lib/", "lib: ", 0, 0, NULL },
	/*
	 * The sanitizers and KFENCE by their own names, as the mm tree's
	 * subjects have them ("kasan: fix ...", "kmsan: ...").
	 */
	{ "mm/kasan/", "kasan: ", 0, 0, NULL },
	{ "mm/kmsan/", "kmsan: ", 0, 0, NULL },
	{ "mm/kfence/", "kfence: ", 0, 0, NULL },
	{ "mm/", "mm/{1}: ", 0, 0, NULL },
	{ "mm/", "mm: ", 0, 0, "Kconfig" },
	{ "mm/", "mm: ", 0, 0, "Makefile" },
	{ "mm/", "mm/{stem!}: ", 0, 0, NULL },
	{ "mm/", "mm: ", 0, 0, NULL },
	/* FORTIFY_SOURCE's header is Kees's "fortify: ". */
	{ "include/linux/fortify-string.h", "fortify: ", 0, 0, NULL },
	/* The TPM's headers are the TPM tree's: "tpm: eventlog: ". */
	{ "include/linux/tpm_", "tpm: {stem~tpm_}: ", 1, 0, NULL },
	{ "include/linux/tpm", "tpm: ", 1, 0, NULL },
	/* The wireless stack's headers: "wifi: nl80211: ", "wifi: cfg80211: ". */
	{ "include/uapi/linux/nl80211.h", "wifi: nl80211: ", 0, 0, NULL },
	{ "include/net/cfg80211.h", "wifi: cfg80211: ", 0, 0, NULL },
	{ "include/net/mac80211.h", "wifi: mac80211: ", 0, 0, NULL },
	/* CAN's headers: "can: gw: " (include/uapi/linux/can/gw.h). */
	{ "include/uapi/linux/can/", "can: {stem}: ", 0, 0, NULL },
	{ "include/linux/can/", "can: {stem}: ", 0, 0, NULL },
	/* The Chrome OS EC's headers are platform/chrome's. */
	{ "include/linux/platform_data/cros_", "platform/chrome: ", 0, 0,
	  NULL },
	{ "include/linux/platform_data/wilco-ec", "platform/chrome: ", 0, 0,
	  NULL },
	/* ACPICA's own tables and types (actbl2.h), else ACPI's headers. */
	{ "include/acpi/", "ACPICA: ", 1, R_FIRM, "act" },
	{ "include/acpi/", "ACPI: ", 1, R_FIRM, NULL },
	/*
	 * A header's part: "asm-generic: ", "scsi: " (include/scsi/),
	 * "usb: " (include/uapi/linux/usb/), its own name under
	 * include/linux/ ("cdrom: ", "virtio_ring: ").
	 */
	{ "include/", "{header}: ", 0, 0, NULL },
	/* A file of selftests/ itself. */
	{ "tools/testing/selftests/", "selftests: ", 0, R_FLAT, NULL },
	/*
	 * The perf tools (not the kernel's "perf: ", which is
	 * kernel/events/): "perf docs: ", "perf powerpc: " (tools/perf/arch/),
	 * "perf test: ", "perf record: " (builtin-record.c), "perf vendor
	 * events: ", else "perf tools: ", capitalised as tip's subjects are
	 * (maintainer-tip.rst; tools/perf/ is PERFORMANCE EVENTS
	 * SUBSYSTEM's, T: tip.git perf/core).
	 */
	{ "tools/perf/Documentation/", "perf docs: ", 1, R_FIRM, NULL },
	{ "tools/perf/arch/", "perf {3}: ", 1, R_FIRM, NULL },
	{ "tools/perf/tests/", "perf test: ", 1, R_FIRM, NULL },
	{ "tools/perf/pmu-events/arch/", "perf vendor events: ", 1, R_FIRM,
	  NULL },
	{ "tools/perf/", "perf {stem~builtin-}: ", 1, R_FLAT | R_FIRM,
	  "builtin-" },
	{ "tools/perf/", "perf tools: ", 1, R_FIRM, NULL },
	/*
	 * "tools/nolibc: " (under tools/include/), "bpftool: "
	 * (tools/bpf/), "tools/power/acpi: ", "tools/memory-model: ".
	 */
	{ "tools/objtool/", "objtool: ", 0, 0, NULL },
	{ "tools/include/", "tools/{2}: ", 0, 0, NULL },
	{ "tools/bpf/", "{2}: ", 0, 0, NULL },
	{ "tools/power/", "tools/power/{2}: ", 0, 0, NULL },
	{ "tools/", "tools/{1}: ", 0, 0, NULL },
	/*
	 * A driver's class and, where the class has folders, the folder
	 * and the driver ("phy: rockchip: dphy-rx0: " of
	 * phy-rockchip-dphy-rx0.c, as "net: phy: marvell: " is written),
	 * the folder alone for several ("net: phy: "), or the driver alone
	 * in its class ("nfc: trf7970a: ", "pwm: sunplus: " of
	 * pwm-sunplus.c, "vlynq: ").
	 */
	{ "drivers/", "{1}: {2}: {stem}: ", 0, R_TWO, NULL },
	{ "drivers/", "{1}: {2}: ", 0, 0, NULL },
	{ "drivers/", "{1}: {driver}: ", 0, R_FILE, NULL },
	{ "drivers/", "{1}: ", 0, 0, NULL },
	/* Elsewhere the top folder, or a top-level file's own name. */
	{ "", "{0}: ", 0, 0, NULL },
	{ "", "kbuild: ", 0, 0, "Makefile" },
	{ "", "kbuild: ", 0, 0, "Kbuild" },
	{ "", "kconfig: ", 0, 0, "Kconfig" },
	{ "", "{stem}: ", 0, 0, NULL },
};

/* The n-th folder of path ("drivers/net/x.c", 1: "net"), or NULL. */
static char *dir_at(const char *path, int n)
{
	const char *s = path, *e;

	while (n-- > 0) {
		s = strchr(s, '/');
		if (!s)
			return NULL;
		s++;
	}
	e = strchr(s, '/');
	return e ? xstrndup(s, (size_t)(e - s)) : NULL;
}

/* The file's name without folder or extension ("tmp513"). */
static char *stem(const char *path)
{
	const char *b = strrchr(path, '/'), *dot;

	b = b ? b + 1 : path;
	dot = strchr(b, '.');
	return dot && dot != b ? xstrndup(b, (size_t)(dot - b)) : xstrdup(b);
}

static int starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* The stem up to its first '-' or '_' ("omap3-beagle.dts": "omap3"). */
static char *name_head(const char *path)
{
	char *st = stem(path);
	size_t n = strcspn(st, "-_");

	st[n ? n : strlen(st)] = '\0';
	return st;
}

/* The stem up to its first '_' ("bq27xxx_battery.c": "bq27xxx"). */
static char *name_lead(const char *path)
{
	char *st = stem(path);
	size_t n = strcspn(st, "_");

	st[n ? n : strlen(st)] = '\0';
	return st;
}

/* The name of the folder the file is in (arch/x86/entry/vdso/: vdso). */
static char *own_dir(const char *path)
{
	const char *l = strrchr(path, '/'), *d;

	if (!l || l == path)
		return NULL;
	for (d = l - 1; d > path && d[-1] != '/'; d--)
		;
	return xstrndup(d, (size_t)(l - d));
}

/* Below include/, what is no part of the kernel: a header's own name. */
static char *header_part(const char *path)
{
	static const char *const skip[][2] = {
		{ "uapi/", NULL },
		{ "linux/platform_data/", "linux/" },
	};
	const char *p = path + strlen("include/");
	size_t i, k;
	char *d;

	for (i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		for (k = 0; k < 2 && skip[i][k]; k++)
			if (starts(p, skip[i][k])) {
				p += strlen(skip[i][k]);
				break;
			}
	if (!*p)
		return NULL;
	d = dir_at(p, 0);
	if (d)
		return d;
	d = stem(p);
	if (!*d) {
		free(d);
		return NULL;
	}
	return d;
}

/* A driver alone in its class folder: its stem, less the class's name. */
static char *driver_part(const char *path)
{
	char *a = dir_at(path, 1), *b;
	size_t al;

	if (!a)
		return NULL;
	al = strlen(a);
	b = stem(path);
	if (!strncmp(b, a, al) && (b[al] == '-' || b[al] == '_') && b[al + 1])
		memmove(b, b + al + 1, strlen(b + al + 1) + 1);
	if (starts(b, "Kconfig") || starts(b, "Makefile") || !*b ||
	    !strcmp(a, b)) {
		free(b);
		b = NULL;
	}
	free(a);
	return b;
}

/* A file's stem that names no driver ("core" of nvme/host/core.c). */
static int generic_stem(const char *s)
{
	static const char *const stems[] = {
		"core", "main", "common", "base", "util", "utils", "init",
		"debug", "sysfs", "trace", NULL,
	};
	size_t i;

	for (i = 0; stems[i]; i++)
		if (!strcmp(s, stems[i]))
			return 1;
	return 0;
}

/* 1 when a file's stem is a build file's ("Kconfig", "Makefile"). */
static int build_name(const char *s)
{
	return !strcmp(s, "Kconfig") || !strcmp(s, "Makefile") ||
	       !strcmp(s, "Kbuild");
}

/* Cut cut from v's start where more follows, else from its end. */
static void cut_part(char *v, const char *cut, size_t n, int start)
{
	size_t l = strlen(v);

	if (start && n && !strncmp(v, cut, n) && v[n])
		memmove(v, v + n, l - n + 1);
	else if (n && l > n && !strncmp(v + l - n, cut, n))
		v[l - n] = '\0';
}

/* The value of one part (p[0..n)) for path, rest after the row's folder. */
static char *part_value(const char *p, size_t n, const char *path,
			const char *rest)
{
	size_t name = strcspn(p, "~-!");
	char *v = NULL;

	if (name > n)
		name = n;
	if (*p == '=')
		return xstrndup(p + 1, n - 1);
	if (name == 1 && *p >= '0' && *p <= '9')
		v = dir_at(path, *p - '0');
	else if (name == 2 && *p == 'r')
		v = dir_at(rest, p[1] - '0');
	else if (name == 4 && !strncmp(p, "stem", 4))
		v = stem(path);
	else if (name == 4 && !strncmp(p, "head", 4))
		v = name_head(path);
	else if (name == 4 && !strncmp(p, "lead", 4))
		v = name_lead(path);
	else if (name == 3 && !strncmp(p, "own", 3))
		v = own_dir(path);
	else if (name == 6 && !strncmp(p, "header", 6))
		v = header_part(path);
	else if (name == 6 && !strncmp(p, "driver", 6))
		v = driver_part(path);
	/*
	 * A build file's name is no part's ("char: Kconfig: "), nor a
	 * folder's empty one ("dt-bindings: display: : ").
	 */
	if (v && name == 4 && (build_name(v) || !*v ||
			       (!strncmp(p, "stem", 4) && generic_stem(v)))) {
		free(v);
		return NULL;
	}
	if (!v || name == n)
		return v;
	if (p[name] == '!' && !*v) {
		free(v);
		v = NULL;
	} else if (p[name] != '!')
		cut_part(v, p + name + 1, n - name - 1, p[name] == '~');
	return v;
}

/* The row's format with its fields filled, or NULL when one has none. */
static char *fill(const char *fmt, const char *path, const char *rest)
{
	struct strbuf sb = STRBUF_INIT;
	const char *f = fmt;

	while (*f) {
		const char *close;
		char *v = NULL;

		if (*f != '{') {
			strbuf_addch(&sb, *f++);
			continue;
		}
		close = strchr(f, '}');
		for (f++; f < close && !v; f += *f == '|') {
			size_t n = strcspn(f, "|}");

			v = part_value(f, n, path, rest);
			f += n;
		}
		if (!v) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addstr(&sb, v);
		free(v);
		f = close + 1;
	}
	return strbuf_detach(&sb, NULL);
}

/* "EDAC/{stem~_edac}: " -> "EDAC: ", "hwmon: ({stem}) " -> "hwmon: ". */
static char *word_of(const char *fmt)
{
	size_t n = strcspn(fmt, "{");

	while (n && strchr(" :/(", fmt[n - 1]))
		n--;
	return xstrfmt("%.*s: ", (int)n, fmt);
}

/* Where the part of s that ends at end (its ": ") begins. */
static size_t part_start(const char *s, size_t end)
{
	size_t i = end;

	while (i >= 2 && strncmp(s + i - 2, ": ", 2))
		i--;
	return i < 2 ? 0 : i;
}

size_t subject_last_part(const char *prefix)
{
	size_t n = strlen(prefix);

	if (n < 2 || strcmp(prefix + n - 2, ": "))
		return 0;
	return part_start(prefix, n - 2);
}

/*
 * A part said twice at the end ("dt-bindings: display: tilcdc: tilcdc: "
 * of tilcdc/tilcdc.txt) said once.
 */
static void drop_repeat(char *s)
{
	size_t n = strlen(s), a, b = subject_last_part(s);

	if (!b)
		return;
	a = part_start(s, b - 2);
	if (b - a == n - b && !strncmp(s + a, s + b, n - b))
		s[b] = '\0';
}

/*
 * A part its next one begins with, said once: "net: via: via-rhine: " is
 * "net: via-rhine: " (not a binding's folder: "dt-bindings: leds:
 * leds-lm3532: " is the form bindings/submitting-patches.rst asks).
 */
static void drop_lead(char *s)
{
	size_t n = strlen(s), a, b = subject_last_part(s);

	if (!b || !strncmp(s, "dt-bindings", 11))
		return;
	a = part_start(s, b - 2);
	if (!a || b - 2 - a >= n - 2 - b ||
	    strncmp(s + a, s + b, b - 2 - a) ||
	    (s[b + (b - 2 - a)] != '-' && s[b + (b - 2 - a)] != '_'))
		return;
	memmove(s + a, s + b, n - b + 1);
}

/*
 * The last part less what the parts before it say at its start:
 * "phy: rockchip: phy-rockchip-dphy-rx0: " is "phy: rockchip: dphy-rx0: "
 * (never a binding's name: "dt-bindings: leds: leds-lm3532: ").
 */
static void drop_said(char *s)
{
	size_t n = strlen(s), a, b = subject_last_part(s), e, l;
	int cut;

	if (!b || !strncmp(s, "dt-bindings", 11))
		return;
	do {
		cut = 0;
		for (a = 0; a + 2 <= b; a = e + 2) {
			e = a + strcspn(s + a, ":");
			if (e >= b)
				break;
			l = e - a;
			if (l && b + l + 1 < n - 2 && !strncmp(s + a, s + b, l) &&
			    (s[b + l] == '-' || s[b + l] == '_')) {
				memmove(s + b, s + b + l + 1, n - b - l);
				n -= l + 1;
				cut = 1;
			}
		}
	} while (cut);
}

/* 1 when path is where row r speaks, rest after its folder. */
static int row_holds(const struct prefix_rule *r, const char *path,
		     const char *rest)
{
	const char *slash = strchr(rest, '/'), *last = strrchr(rest, '/');
	int dir = !*path || path[strlen(path) - 1] == '/';
	char *st;
	int ok;

	if (((r->flags & R_EXACT) && *rest) ||
	    ((r->flags & R_FILE) && dir) ||
	    ((r->flags & R_FLAT) && slash) ||
	    ((r->flags & R_ONE) && (!slash || strchr(slash + 1, '/'))) ||
	    ((r->flags & R_TWO) && (!slash || !strchr(slash + 1, '/') ||
				   strchr(strchr(slash + 1, '/') + 1, '/'))) ||
	    ((r->flags & R_DEEP) && (!last || last == rest)))
		return 0;
	if (!r->name)
		return 1;
	st = stem(path);
	ok = starts(st, r->name);
	free(st);
	return ok;
}

/*
 * The subsystems whose subjects go on with a capital after the prefix:
 * tip's parts, as Documentation/process/maintainer-tip.rst asks ("The
 * condensed patch description in the subject line should start with a
 * uppercase letter"), and those whose trees write so throughout their
 * history ("regulator: core: Fix", "ACPI: video: Add", "power: supply:
 * bq27xxx: Fix", "efi: libstub: Use", "landlock: Fix", "arm64: mm: Fix").
 * A prefix's first part ("x86/vdso", "tools/power/acpi", "perf tools")
 * is one of them where it is, or begins with one and a '/' or ' '.
 */
static const char *const capital_parts[] = {
	/* tip (maintainer-tip.rst) */
	"x86", "sched", "timers", "irqchip", "genirq", "locking", "objtool",
	"clocksource", "perf", "smp", "cpu", "rcu", NULL,
	/*
	 * the rest, by their trees' own subjects ("powerpc/64s: Fix",
	 * "fbdev: Fix", "tpm: Fix", "tools/memory-model: Add", "mfd:
	 * twl4030-power: Drop", "m68k: mac: Fix", "ata: ahci: Add", "pwm:
	 * stm32: Refuse", "backlight: pwm_bl: Fix")
	 */
	"regulator", "spi", "ASoC", "regmap", "ALSA", "ACPI", "ACPICA", "PM",
	"PNP", "cpufreq", "cpuidle", "thermal", "powercap", "tools/power",
	"power", "efi", "landlock", "arm64", "KVM", "drm", "PCI", "hwmon",
	"Bluetooth", "MIPS", "EDAC", "gpio", "pinctrl", "mmc",
	"leds", "dt-bindings", "scsi", "bpf", "libbpf", "clk", "powerpc",
	"fbdev", "tpm", "tools/memory-model", "mfd", "m68k", "ata", "pwm",
	"backlight", NULL,
};

/* The table's parts end where two NULLs follow each other. */
static int capital_part(const char *prefix, size_t l, size_t i)
{
	size_t n = strlen(capital_parts[i]);

	return n <= l && !strncmp(prefix, capital_parts[i], n) &&
	       (n == l || prefix[n] == '/' || prefix[n] == ' ' ||
		prefix[n] == ',');
}

int subject_capitalised(const char *prefix)
{
	size_t i, l = prefix ? strcspn(prefix, ":") : 0;
	int tip = 1;

	for (i = 0; l && (capital_parts[i] || tip); i++) {
		if (!capital_parts[i]) {
			tip = 0;
			continue;
		}
		if (capital_part(prefix, l, i))
			return tip ? 2 : 1;
	}
	return 0;
}

/* The row that gives path's prefix into *out, or NULL. */
static const struct prefix_rule *convention_row(const char *path,
						struct subject_style *out)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct prefix_rule *r = &rules[i];
		const char *rest = path + strlen(r->dir);
		char *s, *st;

		if (!starts(path, r->dir) || !row_holds(r, path, rest))
			continue;
		/* The folder, or its build files: the subsystem's word. */
		st = stem(rest);
		if ((r->flags & R_WORD) &&
		    (!*rest || (!strchr(rest, '/') && build_name(st))))
			s = word_of(r->fmt);
		else
			s = fill(r->fmt, path, rest);
		free(st);
		if (!s)
			continue;
		drop_repeat(s);
		drop_lead(s);
		if (r->flags & R_TWO)
			drop_said(s);
		out->prefix = s;
		out->capital = r->capital || subject_capitalised(s);
		if (r->flags & R_FIRM)
			out->firm = 1;
		return r;
	}
	return NULL;
}

void subject_convention(const char *path, struct subject_style *out)
{
	convention_row(path, out);
}

int subject_place_is_home(const char *path, const char *prefix,
			  const char *place)
{
	struct subject_style st;
	const struct prefix_rule *r;
	size_t dl, pl = strlen(place);
	int home = 0;

	memset(&st, 0, sizeof(st));
	r = convention_row(path, &st);
	/*
	 * Or its subsystem's word alone (a row that names a driver, for
	 * its build files or for files of several) where the word says
	 * the place: "ASoC: " of sound/soc/ ("soc"), not "i2c: " of
	 * i2c/busses/, whose Kconfig is one of three.
	 */
	if (r && st.prefix && strchr(r->fmt, '{')) {
		char *w = word_of(r->fmt);

		if (!strcmp(w, prefix)) {
			free(st.prefix);
			st.prefix = strcasestr(w, place) ? w : NULL;
			if (!st.prefix)
				free(w);
		} else {
			free(w);
		}
	}
	if (r && st.prefix && !strcmp(st.prefix, prefix) && *r->dir) {
		dl = strlen(r->dir);
		home = r->dir[dl - 1] == '/' && dl > pl + 1 &&
		       !strncmp(r->dir + dl - 1 - pl, place, pl) &&
		       r->dir[dl - 2 - pl] == '/';
	}
	subject_style_release(&st);
	return home;
}
