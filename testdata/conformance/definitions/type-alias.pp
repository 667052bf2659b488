type Mymod::T = Variant[Integer, Pattern[/^a/]]
