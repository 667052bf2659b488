# Every control-comment form. The test rule flags each bare word flag_me.
notice(flag_me) # want "flag_me is flagged"
notice(flag_me) # lint:ignore:test-rule
notice(flag_me) # lint:ignore:test-rule with a reason after the names
notice(flag_me) # lint:ignore:test_rule_alias
notice(flag_me) # lint:ignore:other-rule lint:ignore:test-rule # want "lint.ignore:other-rule suppresses nothing here"
notice(flag_me) # lint:ignore:other-rule,test-rule # want "lint.ignore:other-rule suppresses nothing here"
notice(flag_me) /* lint:ignore:test-rule */
notice('clean') # lint:ignore:test-rule # want "lint.ignore:test-rule suppresses nothing here"
notice('clean') # lint:ignore:no-such-rule # want "lint.ignore names unknown rule \"no-such-rule\""
notice('clean') # lint:ignore:140chars
notice(flag_me) # lint:ignore:140chars # want "flag_me is flagged"
notice(flag_me) # lint:ignore:test-rule lint:ignore:other-rule # want "lint.ignore:other-rule suppresses nothing here"

# lint:ignore:test-rule
notice(flag_me)
notice(flag_me)
# lint:endignore
notice(flag_me) # want "flag_me is flagged"

# lint:ignore:test-rule a block that suppresses nothing # want "lint.ignore:test-rule suppresses nothing here"
notice('clean')
# lint:endignore

# lint:endignore # want "lint.endignore without an open lint.ignore block"

class outer {
  # lint:ignore:test-rule
  notice(flag_me)
  # lint:ignore:other-rule # want "lint.ignore:other-rule suppresses nothing here"
  notice(flag_me)
  # lint:endignore
  notice(flag_me)
  # lint:endignore
  notice(flag_me) # want "flag_me is flagged"
}
notice('clean') # lint:ignore:test_rule_alias

# Two words in one block comment: one endignore closes both, as in puppet-lint.
# lint:ignore:test-rule lint:ignore:other-rule # want "lint.ignore:other-rule suppresses nothing here"
notice(flag_me)
# lint:endignore
notice(flag_me) # want "flag_me is flagged"

# A puppet-lint plugin's check is not ours to judge, and its block still pairs.
# lint:ignore:spaceship_operator_without_tag
notice('plugin')
# lint:endignore
notice('x') # lint:ignore:a-typo-in-a-ducklint-rule # want "lint.ignore names unknown rule \"a-typo-in-a-ducklint-rule\""
