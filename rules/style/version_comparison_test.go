package style

import (
	"slices"
	"testing"
)

// The findings are where puppet-lint-version_comparison-check reports
// them. The fix writes what the plugin's --fix writes where the other
// operand is a literal, and nothing where the plugin's would change the
// meaning (it quotes a variable's name, and ignores precedence).
func TestVersionComparison(t *testing.T) {
	src := "if $os_release >= 7 { }\n" +
		"if $v_version == 5 or $v_version != '5' { }\n" +
		"if $release < \"8\" and $version <= 1.5 { }\n" +
		"$g = $release > $other\n" +
		"$h = $release > 7 + 1\n" +
		"$l = ($release == 6).bool2str('a', 'b')\n" +
		"$i = !$release > 7\n" +
		"$j = $release + 1 > 7\n" +
		"$k = $facts['os']['release'] >= 7\n"
	got, fixed := findings(t, VersionComparison(), src)
	want := []string{"1:4 version compared as number", "2:4 version compared as number", "3:4 version compared as number",
		"3:23 version compared as number", "4:6 version compared as number", "5:6 version compared as number", "6:7 version compared as number", "7:7 version compared as number"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	wantFixed := "if versioncmp($os_release, '7') >= 0 { }\n" +
		"if versioncmp($v_version, '5') == 0 or $v_version != '5' { }\n" +
		"if versioncmp($release, '8') < 0 and versioncmp($version, '1.5') <= 0 { }\n" +
		"$g = $release > $other\n" +
		"$h = $release > 7 + 1\n" +
		"$l = (versioncmp($release, '6') == 0).bool2str('a', 'b')\n" +
		"$i = !$release > 7\n" +
		"$j = $release + 1 > 7\n" +
		"$k = $facts['os']['release'] >= 7\n"
	if fixed != wantFixed {
		t.Errorf("fixed to %q\nwant %q", fixed, wantFixed)
	}
}
