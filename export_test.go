package ducklint

// WholeContext makes c parse every context file, as ducklint did before
// narrowing the context; tests compare the two.
func WholeContext(c *Command) { c.wholeContext = true }
