define timespan {}
