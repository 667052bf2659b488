package rules

// YieldEveryNode makes the runner's passes over files yield every node
// of the file from nodesOf, whatever the set a rule gives it (see
// Pass.everyNode).
func YieldEveryNode(rn *Runner) { rn.everyNode = true }
