// Package words builds the small pieces of English that messages and
// summaries share.
package words

import "strconv"

// Count says "1 file" or "2 files": n followed by the singular or the
// plural form.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
