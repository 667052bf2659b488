present
notice(1)
