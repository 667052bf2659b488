          type Runtime[ruby, 'MyModule::MyObject'] = MyPackage::MyObject
          notice(true)
