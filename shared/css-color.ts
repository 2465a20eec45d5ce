/**
 * What a colour field may hold: a colour and nothing else, because colours are written into style
 * attributes and CSS. Accepted: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba()/hsl()/hsla()
 * with numeric arguments (commas or spaces, an optional `/ alpha`), and CSS named colours. No
 * value that passes can end a declaration or load anything (no `;`, `url(`, quotes or braces).
 * Zod-free: the server's contract and the storefront's read both use it.
 */
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const ARG = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg)?`;
const FUNCTION = new RegExp(String.raw`^(?:rgba?|hsla?)\(\s*${ARG}(?:\s*(?:,|\s|/)\s*${ARG}){2,3}\s*\)$`, 'i');

const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

/** True when `value` is a CSS colour in one of the accepted forms. */
export function isCssColor(value: string): boolean {
  return HEX.test(value) || FUNCTION.test(value) || NAMED.has(value.toLowerCase());
}

/** The settings whose value may also be 'default', the theme's own colour (spec §3 Header). */
const THEME_DEFAULT = /^header_/;

/** True when `key` names a colour setting (every `*_color` setting). */
export const isColorSetting = (key: string): boolean => key.endsWith('_color');

/** True when `value` is acceptable for the colour setting `key`. */
export function isSettingColor(key: string, value: string): boolean {
  return isCssColor(value) || (value === 'default' && THEME_DEFAULT.test(key));
}

export const INVALID_COLOR_MESSAGE = 'Cor inválida: use #rrggbb, rgb(), hsl() ou o nome de uma cor';
