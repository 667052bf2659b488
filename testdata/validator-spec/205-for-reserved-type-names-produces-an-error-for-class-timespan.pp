class timespan {}
