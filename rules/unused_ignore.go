package rules

// UnusedIgnore reports control comments that do nothing. The runner does the
// work, because only it sees which findings each directive suppressed.
func UnusedIgnore() *Rule {
	return &Rule{
		ID:       "unused-ignore",
		Title:    "A control comment suppresses nothing, names an unknown rule, or is never closed",
		Severity: Warning,
		Kind:     PerFile,
		Aliases:  nil,
		Doc: `A "# lint:ignore:<rule>" comment that no longer suppresses a finding hides the next real
problem on that line, and a misspelt rule name suppresses nothing at all. A block opened with
"# lint:ignore:<rule>" on a line of its own must be closed with "# lint:endignore"; an unclosed block is
reported and covers the rest of the file. Names of puppet-lint checks that have no ducklint
equivalent (e.g. 140chars) are left alone: they are for puppet-lint.`,
		Run: func(*Pass) {},
	}
}
