# macOS: zerg as the bundle Zerg.app. Included from app/CMakeLists.txt inside if(APPLE), so it
# runs in the directory of the zerg target (a generated file can only be a source of a target
# in its own directory) and changes nothing on Linux. make-dmg.sh turns the bundle into a .dmg.
set(_zerg_icns ${CMAKE_CURRENT_BINARY_DIR}/Zerg.icns)
set(_zerg_svg ${PROJECT_SOURCE_DIR}/resources/icons/dev.zerg.Zerg.svg)

# The icon: rendered from the app's SVG by make-icns.sh (rsvg-convert, then iconutil).
find_program(ZERG_RSVG_CONVERT rsvg-convert)
find_program(ZERG_ICONUTIL iconutil)
if(ZERG_RSVG_CONVERT AND ZERG_ICONUTIL)
  add_custom_command(
    OUTPUT ${_zerg_icns}
    COMMAND ${PROJECT_SOURCE_DIR}/packaging/macos/make-icns.sh ${_zerg_svg} ${_zerg_icns}
    DEPENDS ${_zerg_svg} ${PROJECT_SOURCE_DIR}/packaging/macos/make-icns.sh
    COMMENT "Rendering Zerg.icns"
    VERBATIM)
  target_sources(zerg PRIVATE ${_zerg_icns})
  set_source_files_properties(${_zerg_icns} PROPERTIES MACOSX_PACKAGE_LOCATION Resources)
else()
  message(WARNING "rsvg-convert (brew install librsvg) or iconutil (Xcode command line tools) "
                  "not found: Zerg.app gets no icon.")
endif()

set_target_properties(zerg PROPERTIES
  MACOSX_BUNDLE TRUE
  # The bundle is Zerg.app in Finder; its executable Zerg.app/Contents/MacOS/Zerg is also the
  # command line (file names are case-insensitive on macOS: `zerg` works).
  OUTPUT_NAME Zerg
  MACOSX_BUNDLE_INFO_PLIST ${PROJECT_SOURCE_DIR}/packaging/macos/Info.plist.in
  MACOSX_BUNDLE_GUI_IDENTIFIER dev.zerg.Zerg
  MACOSX_BUNDLE_BUNDLE_NAME Zerg
  MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
  MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
  MACOSX_BUNDLE_LONG_VERSION_STRING "Zerg ${PROJECT_VERSION}"
  MACOSX_BUNDLE_ICON_FILE Zerg.icns
  MACOSX_BUNDLE_COPYRIGHT "The Zerg developers")
