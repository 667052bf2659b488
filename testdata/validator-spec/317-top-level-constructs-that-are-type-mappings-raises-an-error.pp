          type Runtime[ruby, [/^MyPackage::(w+)$/, 'MyModule::']] = MyPackage::MyObject
          notice(true)
