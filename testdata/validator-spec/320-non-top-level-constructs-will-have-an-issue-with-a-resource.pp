notify { nope: }
