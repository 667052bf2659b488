notice(flag_me) # want "flag_me is flagged"
# lint:ignore:test-rule # want "opens a block that is never closed by lint.endignore.*it covers the rest of the file"
notice(flag_me)
notice(flag_me)
