import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FooterIconDto, FooterSectionDto, LegalFooterDto } from '../../../shared/content.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import type { Settings } from '../../../shared/settings.ts';
import { useKeptContent } from '../common/kept-markup.ts';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import { LegalFooter } from '../legal/LegalFooter.tsx';
import { CookiePreferencesLink } from './CookiePreferencesLink.tsx';
import classes from './Footer.module.css';
import { footerLabel } from './footer-labels.ts';

type Props = { settings: Settings; sections: FooterSectionDto[]; icons: FooterIconDto[]; legal: LegalFooterDto | null };

/** Footer: optional logo and description, link sections, payment icons, copyright (spec §2). */
export function Footer({ settings, sections, icons, legal }: Props) {
  const { i18n } = useLingui();
  const style = { backgroundColor: settings.footer_bg_color, color: settings.footer_text_color };
  const year = new Date().getFullYear();
  const imageOnly = settings.footer_use_image && !!settings.footer_image_url;
  // The same for every page with these data, in this year (common/kept-markup.ts).
  const kept = useKeptContent('footer', [settings, sections, icons, legal, i18n.locale, year], imageOnly ? imageContent() : fullContent());
  return imageOnly ? <footer className={classes.imageFooter} {...kept} /> : <footer className={classes.footer} style={style} {...kept} />;

  function imageContent() {
    // Spec §2: only the image (covering at least 400 px), no content. `backgroundColor`, never the
    // `background` shorthand: the shorthand would reset the stylesheet's background-size to auto.
    return (
      <>
        <div
          className={classes.image}
          style={{ ...style, backgroundImage: `url("${imageUrl(settings.footer_image_url)}")` }}
          role="img"
          aria-label={settings.site_title}
        />
        {/* The law's information stays visible under an image footer too (Decreto 7.962/2013, art. 2). */}
        <div style={style}>
          <LegalFooter legal={legal} />
        </div>
        <CookiePreferencesLink settings={settings} />
      </>
    );
  }

  function fullContent() {
    const rights = i18n._(msg`Todos os direitos reservados.`);
    const copyright = settings.copyright_text || `© ${year} ${settings.site_title || 'Minha Loja'}. ${rights}`;
    const iconSize = settings.payment_icon_size;
    return (
      <>
        <div className={classes.inner}>
          <div className={classes.brand}>
            {settings.footer_show_logo && settings.logo_url ? (
              <ResponsiveImage
                src={settings.logo_url}
                alt={settings.site_title}
                height={40}
                sizes={IMAGE_SIZES.logo}
                className={classes.logo}
              />
            ) : (
              <strong className={classes.name}>{settings.site_title}</strong>
            )}
            <p className={classes.description}>{settings.site_description || 'Sua loja online'}</p>
          </div>
          {sections.map((section) => (
            <div key={section.id} className={classes.section}>
              <h3 className={classes.heading}>{footerLabel(i18n, section.title)}</h3>
              {section.title === 'payments' ? (
                <div className={classes.icons}>
                  {icons.map((icon) => (
                    <ResponsiveImage
                      key={icon.id}
                      src={icon.image_url}
                      alt={icon.alt_text}
                      height={iconSize}
                      width={Math.round(iconSize * 1.5)}
                      sizes={`${Math.round(iconSize * 1.5)}px`}
                      className={classes.icon}
                    />
                  ))}
                </div>
              ) : (
                <ul className={classes.links}>
                  {section.links.map((link) => (
                    <li key={link.id}>
                      {link.url ? (
                        <a href={link.url} className={classes.link}>
                          {footerLabel(i18n, link.label)}
                        </a>
                      ) : (
                        <span className={classes.text}>{footerLabel(i18n, link.label)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
        <LegalFooter legal={legal} />
        <div className={classes.copyright}>
          {copyright}
          <CookiePreferencesLink settings={settings} />
        </div>
      </>
    );
  }
}
